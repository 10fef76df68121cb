import type { TMapConfig, TMapPlace } from '@brokerdesk/shared/maps'
import { useQuery } from '@tanstack/react-query'
import { http } from '../../api/http'

/** The map settings a page with a picker needs (asked only by such pages). */
export function useMapConfig() {
  return useQuery({
    queryKey: ['map-config'],
    queryFn: async () => (await http.get<{ map: TMapConfig }>('/home/map/config')).map,
    staleTime: 5 * 60 * 1000,
  })
}

/** Places matching the keywords, through the server's AMap search. */
export async function searchPlaces(keywords: string, signal?: AbortSignal): Promise<TMapPlace[]> {
  const answer = await http.get<{ places: TMapPlace[] }>(
    '/home/map/search-amap',
    { keywords },
    { signal, handledStatuses: [404, 422, 429, 502] },
  )
  return answer.places
}
