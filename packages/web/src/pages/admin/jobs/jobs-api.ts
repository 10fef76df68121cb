import type { JobRunView, JobView, TJobUpdate } from '@brokerdesk/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { http } from '../../../api/http'

export const JOB_URLS = {
  list: '/admin/jobs',
  update: '/admin/jobs/{id}',
  run: '/admin/jobs/{id}/run',
  runs: '/admin/jobs/{id}/runs',
} as const

const path = (url: string, id: string) => url.replace('{id}', encodeURIComponent(id))

/** GET /admin/jobs: the built-in jobs, refreshed while one runs. */
export function useJobs() {
  return useQuery({
    queryKey: ['jobs'],
    queryFn: () => http.get<{ jobs: JobView[] }>(JOB_URLS.list),
    refetchInterval: (query) => (query.state.data?.jobs.some((job) => job.running) ? 3000 : false),
  })
}

/** GET /admin/jobs/{id}/runs: the newest runs of a job. */
export function useJobRuns(id: string | undefined) {
  return useQuery({
    queryKey: ['jobs', id, 'runs'],
    queryFn: () =>
      http.get<{ runs: JobRunView[]; has_more: boolean }>(path(JOB_URLS.runs, id ?? ''), { size: 50 }),
    enabled: Boolean(id),
  })
}

export function useUpdateJob() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: TJobUpdate }) =>
      http.put<JobView>(path(JOB_URLS.update, id), values),
    onSuccess: () => client.invalidateQueries({ queryKey: ['jobs'] }),
  })
}

export function useRunJob() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => http.post<JobRunView>(path(JOB_URLS.run, id)),
    onSettled: () => client.invalidateQueries({ queryKey: ['jobs'] }),
  })
}
