import { useQuery } from '@tanstack/react-query'
import { http } from '../../api/http'

export interface UploadSettingsAnswer {
  provider: 'local' | 's3' | 'qiniu'
  /** The largest file of each kind, in KB. */
  max_kb: { image: number; document: number }
}

/** Where uploads go and the size limits (GET /home/upload/settings), fetched once a minute at most. */
export function useUploadSettings() {
  return useQuery({
    queryKey: ['upload-settings'],
    queryFn: () => http.get<UploadSettingsAnswer>('/home/upload/settings', undefined, { silent: true }),
    staleTime: 60_000,
  })
}
