import { SendOutlined } from '@ant-design/icons'
import { ZContactReplyInput } from '@brokerdesk/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Form, Input, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { http } from '../../../api/http'
import { useSubmission, useZodForm } from '../../../forms/use-zod-form'

/** The answer to a visitor, e-mailed to the address they left; the server's alert confirms it. */
export function ReplyForm({ id, contact, answered }: { id: number; contact: string; answered: boolean }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { form, field, formProps } = useZodForm<{ reply: string }>(ZContactReplyInput)
  const { submitting, notice, submit } = useSubmission(form)

  const send = (values: { reply: string }) =>
    submit(async () => {
      await http.post(`/admin/contact-messages/${id}/reply`, { reply: values.reply.trim() })
      form.resetFields()
      await queryClient.invalidateQueries({ queryKey: ['resource', 'contact-messages'] })
    })

  return (
    <Form {...formProps} name="contact-reply" onFinish={send} className="bd-contact-reply">
      <Typography.Title level={5}>
        {t(answered ? 'contact.reply_again' : 'contact.reply_title', { contact })}
      </Typography.Title>
      {notice && <Typography.Text type="danger">{notice}</Typography.Text>}
      <Form.Item {...field('reply')} label={t('fields.reply')}>
        <Input.TextArea
          autoSize={{ minRows: 4, maxRows: 12 }}
          maxLength={5000}
          showCount
          placeholder={t('contact.reply_placeholder')}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={submitting}>
        {t('contact.send_reply')}
      </Button>
    </Form>
  )
}
