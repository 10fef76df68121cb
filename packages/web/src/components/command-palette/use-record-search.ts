import type { SearchAnswer } from '@brokerdesk/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { http } from '../../api/http'

/** How long typing pauses before the palette asks the server. */
export const SEARCH_DELAY_MS = 150

/** `value`, once it has stayed the same for `delay` ms. */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay)
    return () => window.clearTimeout(timer)
  }, [value, delay])
  return settled
}

/**
 * The records the server finds for what is typed (GET /admin/search), asked once typing pauses; an
 * answer already had is kept for a while, the last one shown while the next is on its way. Its
 * failures are the palette's to tell (no generic alert).
 */
export function useRecordSearch(userId: number, keyword: string) {
  const settled = useSettled(keyword, SEARCH_DELAY_MS)
  const query = useQuery({
    queryKey: ['palette-search', userId, settled],
    queryFn: ({ signal }) =>
      http.get<SearchAnswer>('/admin/search', { keyword: settled }, { silent: true, signal }),
    enabled: settled.length > 0,
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  })
  return {
    answer: keyword ? query.data : undefined,
    pending: keyword.length > 0 && (settled !== keyword || query.isFetching),
    failed: query.isError && !query.isFetching,
  }
}
