import { MailOutlined, UserOutlined } from '@ant-design/icons'
import { CONTACT_CONTENT_MAX, ZContactInput } from '@brokerdesk/shared'
import { Alert, Button, Form, Input, Result } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError, http } from '../../../api/http'
import { useDocumentTitle } from '../../../app/use-document-title'
import { useCaptchaPrompt } from '../../../components/SliderCaptcha'
import { useSubmission, useZodForm } from '../../../forms/use-zod-form'
import './contact.css'

interface ContactValues {
  name: string
  contact: string
  content: string
}

/**
 * /open/contact: a visitor leaves a message for the administrators — name, an e-mail address or
 * mobile number, the message — after the slider captcha. Too many messages from one address are refused.
 */
export default function ContactPage() {
  const { t } = useTranslation()
  const { form, field, formProps } = useZodForm<ContactValues>(ZContactInput.omit({ captcha: true }))
  const { submitting, notice, submit } = useSubmission(form)
  const captcha = useCaptchaPrompt()
  const [refusal, setRefusal] = useState('')
  const [sentTo, setSentTo] = useState('')
  useDocumentTitle(t('contact.title'))

  const send = async (values: ContactValues) => {
    setRefusal('')
    const ticket = await captcha.ask()
    if (!ticket) return
    const message = {
      name: values.name.trim(),
      contact: values.contact.trim(),
      content: values.content.trim(),
    }
    await submit(async () => {
      try {
        await http.post('/open/contact', { ...message, captcha: ticket }, { handledStatuses: [429] })
        setSentTo(message.contact)
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 429) throw error
        setRefusal(error.message)
      }
    })
  }

  return (
    <div className="bd-contact">
      {captcha.modal}
      <section className="bd-contact__card">
        {sentTo ? (
          <Result
            status="success"
            title={t('contact.sent_title')}
            subTitle={t('contact.sent_text', { contact: sentTo })}
            extra={
              <Button
                type="primary"
                onClick={() => {
                  form.resetFields()
                  setSentTo('')
                }}
              >
                {t('contact.another')}
              </Button>
            }
          />
        ) : (
          <>
            <h1 className="bd-contact__title">{t('contact.title')}</h1>
            <p className="bd-contact__subtitle">{t('contact.subtitle')}</p>
            <Form<ContactValues> {...formProps} name="contact" onFinish={send}>
              {(notice || refusal) && (
                <Alert className="bd-contact__notice" type="error" showIcon title={refusal || notice} />
              )}
              <Form.Item label={t('fields.name')} {...field('name')}>
                <Input prefix={<UserOutlined />} autoComplete="name" maxLength={50} />
              </Form.Item>
              <Form.Item label={t('fields.contact')} extra={t('contact.contact_help')} {...field('contact')}>
                <Input prefix={<MailOutlined />} autoComplete="email" maxLength={100} />
              </Form.Item>
              <Form.Item label={t('contact.content')} {...field('content', { label: t('contact.content') })}>
                <Input.TextArea
                  autoSize={{ minRows: 5, maxRows: 14 }}
                  maxLength={CONTACT_CONTENT_MAX}
                  showCount
                  placeholder={t('contact.content_placeholder')}
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
                {t('contact.submit')}
              </Button>
            </Form>
          </>
        )}
      </section>
    </div>
  )
}
