import type { TWebhookCreate, TWebhookUpdate, WebhookDeliveryView, WebhookView } from '@brokerdesk/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { http } from '../../../api/http'

export const WEBHOOK_URLS = {
  list: '/admin/webhooks',
  create: '/admin/webhooks',
  update: '/admin/webhooks/{id}',
  remove: '/admin/webhooks/{id}',
  deliveries: '/admin/webhooks/{id}/deliveries',
  resend: '/admin/webhooks/deliveries/{id}/resend',
} as const

const path = (url: string, id: number) => url.replace('{id}', String(id))

export function useWebhooks() {
  return useQuery({
    queryKey: ['webhooks'],
    queryFn: () => http.get<{ webhooks: WebhookView[] }>(WEBHOOK_URLS.list),
  })
}

/** The newest deliveries of a webhook, refreshed while some are pending. */
export function useDeliveries(id: number | undefined) {
  return useQuery({
    queryKey: ['webhooks', id, 'deliveries'],
    queryFn: () =>
      http.get<{ deliveries: WebhookDeliveryView[]; has_more: boolean }>(
        path(WEBHOOK_URLS.deliveries, id ?? 0),
        {
          size: 100,
        },
      ),
    enabled: id !== undefined,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? 3000 : false,
  })
}

export function useSaveWebhook() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: TWebhookCreate | TWebhookUpdate }) =>
      id === undefined
        ? http.post<WebhookView & { secret: string }>(WEBHOOK_URLS.create, values)
        : http.put<WebhookView>(path(WEBHOOK_URLS.update, id), values),
    onSuccess: () => client.invalidateQueries({ queryKey: ['webhooks'] }),
  })
}

export function useDeleteWebhook() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => http.delete<{ deleted: number }>(path(WEBHOOK_URLS.remove, id)),
    onSuccess: () => client.invalidateQueries({ queryKey: ['webhooks'] }),
  })
}

export function useResendDelivery() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => http.post<WebhookDeliveryView>(path(WEBHOOK_URLS.resend, id)),
    onSuccess: (delivery) =>
      client.invalidateQueries({ queryKey: ['webhooks', delivery.webhook_id, 'deliveries'] }),
  })
}
