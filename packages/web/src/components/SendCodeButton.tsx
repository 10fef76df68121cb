import { SafetyOutlined } from '@ant-design/icons'
import { CODE_RESEND_SECONDS } from '@brokerdesk/shared/auth'
import { Button, Form, type FormInstance, type FormItemProps, Input, Space } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError } from '../api/http'
import { type CodeAnswer, retryAfterOf } from '../api/identity'
import { useCountdown } from '../forms/use-countdown'
import { showServerErrors } from '../forms/use-zod-form'
import { useCaptchaPrompt } from './SliderCaptcha'

interface SendCodeButtonProps {
  form: FormInstance
  /** The field holding the number or address the code goes to. */
  target: string
  /** Sends the code to `value`, with a captcha ticket. */
  send: (value: string, captcha: string) => Promise<CodeAnswer>
}

/**
 * "Send code": checks the target field, asks for the slider captcha, sends, then counts down the
 * seconds the server says to wait (60) before another code may be asked for. Refusals (number taken,
 * wait, too many codes) are shown under the target field; the success alert comes from the server.
 */
export function SendCodeButton({ form, target, send }: SendCodeButtonProps) {
  const { t } = useTranslation()
  const captcha = useCaptchaPrompt()
  const countdown = useCountdown()
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)

  const click = async () => {
    try {
      await form.validateFields([target])
    } catch {
      return
    }
    const ticket = await captcha.ask()
    if (!ticket) return
    setSending(true)
    try {
      const answer = await send(String(form.getFieldValue(target)).trim(), ticket)
      setSent(true)
      countdown.start(answer?.wait || CODE_RESEND_SECONDS)
    } catch (error) {
      if (!(error instanceof HttpError)) return
      const wait = error.status === 429 ? retryAfterOf(error.body) : undefined
      if (wait) countdown.start(wait)
      const rest = error.status === 429 ? [error.message] : showServerErrors(form, error)
      if (rest.length > 0) form.setFields([{ name: target, errors: rest.slice(0, 1) }])
    } finally {
      setSending(false)
    }
  }

  const waiting = countdown.remaining > 0
  const label = !waiting
    ? t(sent ? 'auth.code.resend' : 'auth.code.send')
    : countdown.remaining >= 120
      ? t('auth.code.resend_in_minutes', { minutes: Math.ceil(countdown.remaining / 60) })
      : t('auth.code.resend_in', { seconds: countdown.remaining })
  return (
    <>
      {captcha.modal}
      <Button className="bd-send-code" onClick={click} loading={sending} disabled={waiting}>
        {label}
      </Button>
    </>
  )
}

interface CodeFieldProps extends SendCodeButtonProps {
  /** The id of the code input, for the label. */
  htmlFor: string
  /** The code Form.Item's name and rules (`field('code')`). */
  item: FormItemProps
}

/** The 6-digit code input with its "Send code" button, as registration and password reset use it. */
export function CodeField({ htmlFor, item, ...button }: CodeFieldProps) {
  const { t } = useTranslation()
  return (
    <Form.Item label={t('fields.code')} htmlFor={htmlFor}>
      <Space.Compact block>
        <Form.Item noStyle {...item}>
          <Input
            prefix={<SafetyOutlined />}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            placeholder={t('auth.code.placeholder')}
          />
        </Form.Item>
        <SendCodeButton {...button} />
      </Space.Compact>
    </Form.Item>
  )
}
