import { WEBHOOK_EVENTS, type WebhookView } from '@brokerdesk/shared'
import { Form, Input, Modal, Select, Switch } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { splitServerErrors } from '../../../forms/server-errors'
import { notify } from '../../../state/notify'
import { useSaveWebhook } from './webhooks-api'

interface Values {
  name: string
  url: string
  events: string[]
  enabled: boolean
  secret?: string
}

const FIELDS = new Set(['name', 'url', 'events', 'enabled', 'secret'])

/**
 * Creates or edits a webhook. A new one's secret may be left empty (the server makes one); an
 * edited one keeps its secret unless a new one is typed. `onCreated` gets the secret, shown once.
 */
export function WebhookFormModal({
  open,
  webhook,
  onClose,
  onCreated,
}: {
  open: boolean
  webhook: WebhookView | undefined
  onClose: () => void
  onCreated: (secret: string) => void
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const save = useSaveWebhook()
  useEffect(() => {
    if (!open) return
    form.resetFields()
    if (webhook)
      form.setFieldsValue({
        name: webhook.name,
        url: webhook.url,
        events: webhook.events,
        enabled: webhook.enabled,
      })
  }, [open, webhook, form])

  const submit = async () => {
    const values = await form.validateFields()
    const secret = values.secret?.trim() ? values.secret : undefined
    save.mutate(
      { id: webhook?.id, values: { ...values, secret } },
      {
        onSuccess: (saved) => {
          onClose()
          if ('secret' in saved && typeof saved.secret === 'string') onCreated(saved.secret)
          else notify('success', t('webhooks.saved'))
        },
        onError: (error) => {
          const { fields, rest } = splitServerErrors(error, FIELDS)
          form.setFields(fields.map((field) => ({ name: field.name as keyof Values, errors: field.errors })))
          for (const message of rest) notify('danger', message)
        },
      },
    )
  }

  return (
    <Modal
      open={open}
      title={webhook ? t('webhooks.edit') : t('webhooks.create')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={{ enabled: true, events: [] }}>
        <Form.Item name="name" label={t('webhooks.name')} rules={[{ max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('webhooks.url')}
          extra={t('webhooks.url_help')}
          rules={[
            { required: true, whitespace: true, message: t('webhooks.url_required') },
            { type: 'url', message: t('webhooks.url_invalid') },
          ]}
        >
          <Input maxLength={2000} placeholder="https://example.com/hooks/brokerdesk" inputMode="url" />
        </Form.Item>
        <Form.Item
          name="events"
          label={t('webhooks.events')}
          extra={t('webhooks.events_help')}
          rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.events_required') }]}
        >
          <Select
            mode="multiple"
            allowClear
            options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: event }))}
            maxTagCount="responsive"
          />
        </Form.Item>
        <Form.Item
          name="secret"
          label={t('webhooks.secret')}
          extra={webhook ? t('webhooks.secret_keep') : t('webhooks.secret_help')}
          rules={[{ min: 16, max: 200, message: t('webhooks.secret_length') }]}
        >
          <Input.Password maxLength={200} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="enabled" label={t('webhooks.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  )
}
