import type { TAppInput, TAppSecretAnswer, TOwnApp } from '@brokerdesk/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { http } from '../../../api/http'

/** The logged-in user's API client applications (GET /home/apps). */
export function useOwnApps() {
  return useQuery({
    queryKey: ['own-apps'],
    queryFn: async () => (await http.get<{ apps: TOwnApp[] }>('/home/apps')).apps,
  })
}

/** One of them (GET /home/apps/{id}); off for a new one. */
export function useOwnApp(id: number | undefined) {
  return useQuery({
    queryKey: ['own-apps', id],
    queryFn: async () => (await http.get<{ app: TOwnApp }>(`/home/apps/${id}`)).app,
    enabled: id !== undefined,
    retry: false,
  })
}

/** Create (answers the secret once), edit, rotate the secret (answers the new one once), delete. */
export function useOwnAppActions() {
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: ['own-apps'] })
  const after = { onSuccess: refresh }
  return {
    create: useMutation({
      mutationFn: (input: TAppInput) => http.post<TAppSecretAnswer>('/home/apps', input),
      ...after,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: TAppInput }) =>
        http.put<{ app: TOwnApp }>(`/home/apps/${id}`, input),
      ...after,
    }),
    rotate: useMutation({
      mutationFn: (id: number) => http.post<TAppSecretAnswer>(`/home/apps/${id}/secret`, {}),
      ...after,
    }),
    remove: useMutation({ mutationFn: (id: number) => http.delete(`/home/apps/${id}`), ...after }),
  }
}
