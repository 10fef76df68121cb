import type { ListPage, TInboxMessage, TInboxMessageDetail, TMarkReadInput } from '@brokerdesk/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { http } from '../../api/http'
import { isLoggedIn } from '../../api/types'
import { useSession } from '../../state/session'

/** How often the header asks for the unread count. */
const UNREAD_POLL_MS = 60_000

export type InboxPage = ListPage<TInboxMessage> & { unread: number }

/** Where the inbox pages of an area live: the back office has its own, every other area the home one. */
export function inboxBase(pathname: string): string {
  return pathname.startsWith('/admin/') ? '/admin/inbox' : '/home/messages'
}

/** A page of the user's messages (GET /home/messages). */
export function useInbox(query: { page: number; per_page: number; unread: boolean }) {
  return useQuery({
    queryKey: ['inbox', 'list', query],
    queryFn: () => http.get<InboxPage>('/home/messages', { ...query, unread: query.unread ? 1 : undefined }),
    placeholderData: (previous) => previous,
  })
}

/** How many of the logged-in user's messages are unread; asked again every minute and on focus. */
export function useUnreadCount(): number {
  const { user } = useSession()
  const loggedIn = isLoggedIn(user)
  const answer = useQuery({
    queryKey: ['inbox', 'unread', user.id ?? 0],
    queryFn: () => http.get<InboxPage>('/home/messages', { unread: 1, per_page: 1 }, { silent: true }),
    enabled: loggedIn,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
  })
  return loggedIn ? (answer.data?.unread ?? 0) : 0
}

/** One of the user's messages, with its content. */
export function useInboxMessage(id: string) {
  return useQuery({
    queryKey: ['inbox', 'message', id],
    queryFn: async () => (await http.get<{ row: TInboxMessageDetail }>(`/home/messages/${id}`)).row,
    retry: false,
  })
}

/** Marks messages read (some, or all) and refreshes every inbox view and the header's count. */
export function useMarkRead() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: TMarkReadInput) => http.post<{ unread: number }>('/home/messages/read', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['inbox'] }),
  })
}
