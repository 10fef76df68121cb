import type { JobView } from '@brokerdesk/shared'
import { Form, Input, Modal, Typography } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { splitServerErrors } from '../../../forms/server-errors'
import { notify } from '../../../state/notify'
import { useUpdateJob } from './jobs-api'

/** Edits a job's cron schedule; the server checks it (422 under the field). */
export function ScheduleModal({ job, onClose }: { job: JobView | undefined; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ cron: string }>()
  const update = useUpdateJob()
  useEffect(() => {
    if (job) form.setFieldsValue({ cron: job.cron })
  }, [job, form])
  const save = async () => {
    if (!job) return
    const { cron } = await form.validateFields()
    update.mutate(
      { id: job.id, values: { cron: cron.trim() } },
      {
        onSuccess: () => {
          notify('success', t('jobs.schedule_saved'))
          onClose()
        },
        onError: (error) => {
          const { fields, rest } = splitServerErrors(error, new Set(['cron']))
          form.setFields(fields.map((field) => ({ name: 'cron' as const, errors: field.errors })))
          for (const message of rest) notify('danger', message)
        },
      },
    )
  }
  return (
    <Modal
      open={Boolean(job)}
      title={job ? t('jobs.edit_schedule', { name: t(`jobs.names.${job.id}`) }) : ''}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={save}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="cron"
          label={t('jobs.schedule')}
          rules={[{ required: true, whitespace: true, message: t('jobs.cron_required') }]}
          extra={<Typography.Text type="secondary">{t('jobs.cron_help')}</Typography.Text>}
        >
          <Input maxLength={100} autoComplete="off" spellCheck={false} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
