import { RedoOutlined } from '@ant-design/icons'
import type { WebhookDeliveryStatus, WebhookDeliveryView, WebhookView } from '@brokerdesk/shared'
import { Button, type TableProps, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useHeldRoutes } from '../../../app/permissions'
import { formatTime } from '../../../components/admin-table/format-time'
import { LogDrawer } from '../../../components/admin-table/LogDrawer'
import { notify } from '../../../state/notify'
import { useDeliveries, useResendDelivery, WEBHOOK_URLS } from './webhooks-api'

const COLOR: Record<WebhookDeliveryStatus, string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
}

/** A webhook's delivery log: event, status, the receiver's answer, attempts; a body sent again. */
export function DeliveriesDrawer({
  webhook,
  onClose,
}: {
  webhook: WebhookView | undefined
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const can = useHeldRoutes()
  const deliveries = useDeliveries(webhook?.id)
  const resend = useResendDelivery()
  const columns: TableProps<WebhookDeliveryView>['columns'] = [
    {
      key: 'created_at',
      dataIndex: 'created_at',
      title: t('webhooks.time'),
      render: (value: string) => formatTime(value, i18n.language, true),
    },
    { key: 'event', dataIndex: 'event', title: t('webhooks.event') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('webhooks.status.title'),
      render: (status: WebhookDeliveryStatus) => (
        <Tag color={COLOR[status]}>{t(`webhooks.status.${status}`)}</Tag>
      ),
    },
    {
      key: 'response_status',
      dataIndex: 'response_status',
      title: t('webhooks.answer'),
      render: (value: number | null, delivery) => value ?? (delivery.error ? t('webhooks.no_answer') : '—'),
    },
    {
      key: 'attempts',
      dataIndex: 'attempts',
      title: t('webhooks.attempts'),
      align: 'end',
      responsive: ['sm'],
    },
    {
      key: 'actions',
      title: t('actions.operate'),
      render: (_: unknown, delivery: WebhookDeliveryView) =>
        can(WEBHOOK_URLS.resend, 'POST') && delivery.status !== 'pending' ? (
          <Button
            type="link"
            size="small"
            icon={<RedoOutlined />}
            loading={resend.isPending && resend.variables === delivery.id}
            onClick={() =>
              resend.mutate(delivery.id, { onSuccess: () => notify('success', t('webhooks.resent')) })
            }
          >
            {t('webhooks.resend')}
          </Button>
        ) : null,
    },
  ]
  return (
    <LogDrawer<WebhookDeliveryView>
      open={Boolean(webhook)}
      onClose={onClose}
      width={900}
      title={webhook ? t('webhooks.deliveries_of', { name: webhook.name || webhook.url }) : ''}
      entries={deliveries.data?.deliveries ?? []}
      loading={deliveries.isFetching && !deliveries.data}
      columns={columns}
      pageSize={20}
      expandable={{
        expandedRowRender: (delivery) => (
          <>
            {delivery.error && <Typography.Paragraph type="danger">{delivery.error}</Typography.Paragraph>}
            {delivery.status === 'pending' && delivery.attempts > 0 && (
              <Typography.Paragraph type="secondary">
                {t('webhooks.next_attempt', {
                  time: formatTime(delivery.next_attempt_at, i18n.language, true),
                })}
              </Typography.Paragraph>
            )}
            <pre className="bd-webhooks__payload">{delivery.payload}</pre>
          </>
        ),
      }}
      emptyText={t('webhooks.no_deliveries')}
    />
  )
}
