import { MailOutlined, MobileOutlined } from '@ant-design/icons'
import {
  ZForgotPasswordMailInput,
  ZForgotPasswordSmsInput,
  ZResetPasswordInput,
} from '@brokerdesk/shared/auth'
import { Alert, Button, Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { identityApi } from '../../../api/identity'
import { CodeField } from '../../../components/SendCodeButton'
import { NewPasswordFields } from '../../../forms/NewPasswordFields'
import { useSubmission, useZodForm } from '../../../forms/use-zod-form'
import { zodField } from '../../../forms/zod-rule'

export type ResetChannel = 'email' | 'sms'

interface ResetValues {
  email?: string
  mobile_phone?: string
  code: string
  password: string
  password_confirmation: string
}

/**
 * One way of resetting a forgotten password: the address or number, a code sent to it (after the
 * slider captcha; 60 s before another), then the new password twice.
 */
export function ResetPasswordForm({ channel, onDone }: { channel: ResetChannel; onDone: () => void }) {
  const { t } = useTranslation()
  const { form, field, formProps } = useZodForm<ResetValues>(ZResetPasswordInput)
  const { submitting, notice, submit } = useSubmission(form)
  const target = channel === 'email' ? 'email' : 'mobile_phone'
  const name = `reset-${channel}`

  const onFinish = async (values: ResetValues) =>
    submit(async () => {
      await identityApi.resetPassword({
        [target]: String(values[target] ?? '').trim(),
        code: values.code.trim(),
        password: values.password,
        password_confirmation: values.password_confirmation,
      })
      onDone()
    })

  return (
    <Form<ResetValues> {...formProps} name={name} onFinish={onFinish}>
      {notice && <Alert className="bd-auth__notice" type="error" showIcon title={notice} />}
      {channel === 'email' ? (
        <Form.Item label={t('fields.email')} {...zodField(ZForgotPasswordMailInput, 'email')}>
          <Input
            prefix={<MailOutlined />}
            type="email"
            autoComplete="email"
            placeholder={t('auth.forgot.email_placeholder')}
          />
        </Form.Item>
      ) : (
        <Form.Item label={t('fields.mobile_phone')} {...zodField(ZForgotPasswordSmsInput, 'mobile_phone')}>
          <Input
            prefix={<MobileOutlined />}
            autoComplete="tel"
            inputMode="tel"
            maxLength={11}
            placeholder={t('auth.register.mobile_placeholder')}
          />
        </Form.Item>
      )}
      <CodeField
        htmlFor={`${name}_code`}
        item={field('code')}
        form={form}
        target={target}
        send={(value, captcha) =>
          channel === 'email'
            ? identityApi.sendResetMail({ email: value, captcha })
            : identityApi.sendResetSms({ mobile_phone: value, captcha })
        }
      />
      <NewPasswordFields field={field} label={t('fields.new_password')} placeholders />
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {t('auth.forgot.submit')}
      </Button>
    </Form>
  )
}
