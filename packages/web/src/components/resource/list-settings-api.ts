import { DEFAULT_LIST_SETTINGS, type ListSettings } from '@brokerdesk/shared'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { http } from '../../api/http'
import { sessionStore } from '../../state/session-store'

/** A user's settings of a list are theirs: the key names the user (another login in this tab asks again). */
export const listSettingsKey = (name: string) =>
  ['list-settings', sessionStore.get().user.id ?? 0, name] as const

const fetchListSettings = async (name: string) =>
  (await http.get<{ settings: ListSettings }>(`/home/list-settings/${name}`)).settings

/** Asked for beside the list's first page (never before it), when the route is entered. */
export function prefetchListSettings(client: QueryClient, name: string): void {
  void client.prefetchQuery({
    queryKey: listSettingsKey(name),
    queryFn: () => fetchListSettings(name),
    staleTime: 5 * 60_000,
  })
}

/** GET /home/list-settings/<name>: the user's columns, density and saved views (defaults until they come). */
export function useListSettings(name: string): ListSettings {
  const query = useQuery({
    queryKey: listSettingsKey(name),
    queryFn: () => fetchListSettings(name),
    staleTime: 5 * 60_000,
  })
  return query.data ?? DEFAULT_LIST_SETTINGS
}

/** Saves a change of the settings: shown at once, and back as they were if the server refuses it. */
export function useSaveListSettings(name: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (settings: ListSettings) =>
      http.put<{ settings: ListSettings }>(`/home/list-settings/${name}`, settings),
    onMutate: (settings) => {
      const key = listSettingsKey(name)
      const before = client.getQueryData<ListSettings>(key)
      client.setQueryData(key, settings)
      return { before, key }
    },
    onError: (_error, _settings, context) => {
      if (context) client.setQueryData(context.key, context.before)
    },
  })
}
