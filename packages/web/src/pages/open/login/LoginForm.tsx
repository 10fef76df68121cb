import { LockOutlined, UserOutlined } from '@ant-design/icons'
import { Alert, Button, Checkbox, Form, Input } from 'antd'
import { type ComponentProps, lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { HttpError } from '../../../api/http'
import { captchaRequiredBy, retryAfterOf } from '../../../api/identity'
import type { UserAnswer } from '../../../api/types'
import { showServerErrors, useZodForm } from '../../../forms/use-zod-form'
import { lazySchema, zodField } from '../../../forms/zod-rule'

/** The login rules (with zod), loaded as the form gets the focus: the login page shows without them. */
const loginSchema = lazySchema(() => import('@brokerdesk/shared/auth').then((module) => module.ZLoginInput))

/** Once the server asks for it, the slider must be solved before a try (its ticket is optional otherwise). */
const loginWithCaptchaSchema = lazySchema(() =>
  import('@brokerdesk/shared/auth').then((module) =>
    module.ZLoginInput.extend({ captcha: module.ZCaptchaTicket }),
  ),
)

/** The slider captcha (with antd's Modal and Tooltip), loaded once the server asks for it. */
const CaptchaField = lazy(() =>
  import('../../../components/SliderCaptcha/CaptchaField').then((module) => ({
    default: module.CaptchaField,
  })),
)

/** The form control Form.Item hands its value and onChange to, the captcha loading inside. */
function LazyCaptchaField(props: ComponentProps<typeof CaptchaField>) {
  return (
    <Suspense fallback={null}>
      <CaptchaField {...props} />
    </Suspense>
  )
}

export interface LoginValues {
  username: string
  password: string
  remember?: boolean
  captcha?: string
}

interface LoginFormProps {
  name: string
  /** Sends the credentials, with the captcha ticket once the server asked for one. */
  submit: (values: LoginValues) => Promise<UserAnswer>
  onLoggedIn: (answer: UserAnswer) => void
  submitText: string
  /** Offers "remember me" and the forgotten-password link (the login page; not the binding screen). */
  full?: boolean
}

/**
 * Account name / e-mail / mobile number and password. After the third failure the server asks for the
 * slider captcha, which then guards every try; after ten it refuses the account for a while (429),
 * which is said with the minutes to wait.
 */
export function LoginForm({ name, submit, onLoggedIn, submitText, full = false }: LoginFormProps) {
  const { t } = useTranslation()
  const { form, field, formProps } = useZodForm<LoginValues>(loginSchema)
  const [captchaRequired, setCaptchaRequired] = useState(false)
  const [lockedMinutes, setLockedMinutes] = useState(0)
  const [notice, setNotice] = useState('')
  const [submitting, setSubmitting] = useState(false)

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true)
    setLockedMinutes(0)
    setNotice('')
    try {
      const answer = await submit({
        username: values.username.trim(),
        password: values.password,
        remember: values.remember === true,
        ...(values.captcha ? { captcha: values.captcha } : {}),
      })
      onLoggedIn(answer)
    } catch (error) {
      if (!(error instanceof HttpError)) return
      // A ticket is good for one try.
      if (values.captcha) form.setFieldValue('captcha', undefined)
      if (error.status === 429) {
        setLockedMinutes(Math.max(1, Math.ceil((retryAfterOf(error.body) ?? 60) / 60)))
      } else if (error.status === 422) {
        // The slider appearing says enough the first time; afterwards its message goes under it.
        const askedNow = captchaRequiredBy(error.body) && !captchaRequired
        if (askedNow) setCaptchaRequired(true)
        const rest = showServerErrors(form, error, { ignore: askedNow ? ['captcha'] : [] })
        if (rest.length > 0) setNotice(rest[0])
      }
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <Form<LoginValues> {...formProps} name={name} onFinish={onFinish} initialValues={{ remember: false }}>
      {lockedMinutes > 0 && (
        <Alert
          className="bd-auth__notice"
          type="error"
          showIcon
          title={t('auth.login.locked_title')}
          description={t('auth.login.locked', { minutes: lockedMinutes })}
        />
      )}
      {notice && <Alert className="bd-auth__notice" type="error" showIcon title={notice} />}
      <Form.Item label={t('fields.username')} {...field('username')}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('auth.login.username_placeholder')}
          autoComplete="username"
          size="large"
        />
      </Form.Item>
      <Form.Item label={t('fields.password')} {...field('password')}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.login.password_placeholder')}
          autoComplete="current-password"
          size="large"
        />
      </Form.Item>
      {captchaRequired && (
        <Form.Item
          label={t('auth.login.captcha_label')}
          extra={t('auth.login.captcha_help')}
          {...zodField(loginWithCaptchaSchema, 'captcha')}
          validateTrigger={['onChange']}
        >
          <LazyCaptchaField />
        </Form.Item>
      )}
      {full && (
        <div className="bd-auth__row bd-auth__options">
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>{t('fields.remember')}</Checkbox>
          </Form.Item>
          <Link to="/open/password">{t('auth.login.forgot')}</Link>
        </div>
      )}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {submitText}
      </Button>
    </Form>
  )
}
