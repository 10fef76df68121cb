import { DeleteOutlined, EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons'
import type { WebhookView } from '@brokerdesk/shared'
import { Button, Flex, Modal, Popconfirm, Space, Switch, type TableProps, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHeldRoutes } from '../../../app/permissions'
import { TablePage } from '../../../components/admin-table/TablePage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import { DeliveriesDrawer } from './DeliveriesDrawer'
import { WebhookFormModal } from './WebhookFormModal'
import { useDeleteWebhook, useSaveWebhook, useWebhooks, WEBHOOK_URLS } from './webhooks-api'
import './webhooks.css'

/**
 * /admin/webhooks: the addresses told of record changes (signed JSON), with their events, on or
 * off, the masked secret, and each one's delivery log.
 */
export default function WebhooksPage({ title }: ResourcePageProps) {
  const { t } = useTranslation()
  const can = useHeldRoutes()
  const webhooks = useWebhooks()
  const save = useSaveWebhook()
  const remove = useDeleteWebhook()
  const [form, setForm] = useState<{ open: boolean; webhook?: WebhookView }>({ open: false })
  const [deliveriesOf, setDeliveriesOf] = useState<WebhookView>()
  const [secret, setSecret] = useState<string>()
  const canUpdate = can(WEBHOOK_URLS.update, 'PUT')

  const columns: TableProps<WebhookView>['columns'] = [
    {
      key: 'url',
      title: t('webhooks.url'),
      render: (_: unknown, hook: WebhookView) => (
        <Flex vertical>
          {hook.name && <Typography.Text strong>{hook.name}</Typography.Text>}
          <Typography.Text className="bd-webhooks__url" copyable={{ text: hook.url }}>
            {hook.url}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'events',
      title: t('webhooks.events'),
      responsive: ['md'],
      render: (_: unknown, hook: WebhookView) => <EventTags events={hook.events} />,
    },
    {
      key: 'secret',
      dataIndex: 'secret_masked',
      title: t('webhooks.secret'),
      responsive: ['lg'],
      render: (masked: string) => <Typography.Text code>{masked}</Typography.Text>,
    },
    {
      key: 'enabled',
      title: t('webhooks.enabled'),
      render: (_: unknown, hook: WebhookView) => (
        <Switch
          checked={hook.enabled}
          disabled={!canUpdate}
          aria-label={t('webhooks.enabled_of', { url: hook.url })}
          loading={save.isPending && save.variables?.id === hook.id}
          onChange={(enabled) => save.mutate({ id: hook.id, values: { enabled } })}
        />
      ),
    },
    {
      key: 'actions',
      title: t('actions.operate'),
      render: (_: unknown, hook: WebhookView) => (
        <Space size={0} wrap>
          {can(WEBHOOK_URLS.deliveries, 'GET') && (
            <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setDeliveriesOf(hook)}>
              {t('webhooks.deliveries')}
            </Button>
          )}
          {canUpdate && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              aria-label={`${t('actions.update')} ${hook.url}`}
              onClick={() => setForm({ open: true, webhook: hook })}
            />
          )}
          {can(WEBHOOK_URLS.remove, 'DELETE') && (
            <Popconfirm
              title={t('webhooks.delete_confirm')}
              okText={t('actions.delete')}
              cancelText={t('actions.cancel')}
              onConfirm={() => remove.mutateAsync(hook.id)}
            >
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('actions.delete')} ${hook.url}`}
              />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ]

  const extra = can(WEBHOOK_URLS.create, 'POST') && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })}>
      {t('webhooks.create')}
    </Button>
  )

  return (
    <TablePage<WebhookView>
      title={title}
      extra={extra}
      intro={t('webhooks.intro')}
      query={webhooks}
      rows={webhooks.data?.webhooks}
      columns={columns}
      emptyText={t('webhooks.none')}
    >
      <WebhookFormModal
        open={form.open}
        webhook={form.webhook}
        onClose={() => setForm({ open: false })}
        onCreated={setSecret}
      />
      <DeliveriesDrawer webhook={deliveriesOf} onClose={() => setDeliveriesOf(undefined)} />
      <SecretOnce secret={secret} onClose={() => setSecret(undefined)} />
    </TablePage>
  )
}

/** The first events a webhook is told of, and how many more. */
function EventTags({ events }: { events: readonly string[] }) {
  const { t } = useTranslation()
  return (
    <Flex wrap gap={4} className="bd-webhooks__events">
      {events.slice(0, 4).map((event) => (
        <Tag key={event}>{event}</Tag>
      ))}
      {events.length > 4 && <Tag>{t('webhooks.more_events', { count: events.length - 4 })}</Tag>}
    </Flex>
  )
}

/** A new webhook's secret, shown this once: the list shows it masked from then on. */
function SecretOnce({ secret, onClose }: { secret: string | undefined; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal
      open={secret !== undefined}
      title={t('webhooks.secret_once_title')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('webhooks.secret_copied')}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('webhooks.secret_once')}</Typography.Paragraph>
      <Typography.Paragraph code copyable className="bd-webhooks__secret">
        {secret}
      </Typography.Paragraph>
    </Modal>
  )
}
