import type { UploadUsage } from '@brokerdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { http } from '../../../api/http'

export const USAGE_URL = '/admin/uploads/usage'

/** GET /admin/uploads/usage: the owners storing the most, with the quota; asked for while `open`. */
export function useUploadUsage(open: boolean) {
  return useQuery({
    queryKey: ['uploads', 'usage'],
    queryFn: () => http.get<{ data: UploadUsage[]; quota: number }>(USAGE_URL),
    enabled: open,
  })
}
