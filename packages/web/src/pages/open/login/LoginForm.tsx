import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { UserAnswer } from '../../../api/types'
import { lazyPart } from '../../../app/lazy-part'
import { LazyAlert } from '../../../components/LazyAlert'
import { LightCheckbox, LightField, LightInput, LightPassword } from '../../../components/LightForm/LightForm'
import { useLoginAttempt } from './use-login-attempt'
import { type LoginValues, useLoginValues } from './use-login-values'

/** The slider captcha (with antd's Modal and Tooltip), loaded once the server asks for it. */
const CaptchaField = lazyPart(() =>
  import('../../../components/SliderCaptcha/CaptchaField').then((module) => ({
    default: module.CaptchaField,
  })),
)

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
 * which is said with the minutes to wait. Plain controls (not antd's Form): the login page is the first
 * page of every back-office user and loads without antd's Form and Input. Each field is checked with
 * the shared rules as it changes and loses the focus, and all of them before sending. An account with
 * two-factor login gets `errors.totp` for its first try: the form then asks for the code of the
 * authenticator app (or a recovery code) and sends it with the same credentials.
 */
export function LoginForm({ name, submit, onLoggedIn, submitText, full = false }: LoginFormProps) {
  const { t } = useTranslation()
  const form = useLoginValues()
  const { values, messages, check, put, change } = form
  const idOf = (field: string) => `${name}_${field}`
  const { lockedMinutes, notice, submitting, onSubmit } = useLoginAttempt({
    form,
    submit,
    onLoggedIn,
    focus: (field) => document.getElementById(idOf(field))?.focus(),
  })

  const { username, password, remember, captcha, totp } = values.current
  return (
    <form
      id={name}
      className="bd-light-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={form.loadRules}
    >
      {lockedMinutes > 0 && (
        <LazyAlert
          className="bd-auth__notice"
          type="error"
          showIcon
          title={t('auth.login.locked_title')}
          description={t('auth.login.locked', { minutes: lockedMinutes })}
        />
      )}
      {notice && <LazyAlert className="bd-auth__notice" type="error" showIcon title={notice} />}
      <LightField id={idOf('username')} label={t('fields.username')} error={messages.username}>
        <LightInput
          id={idOf('username')}
          name="username"
          value={username}
          onChange={(event) => change('username', event.target.value)}
          onBlur={() => check('username')}
          invalid={Boolean(messages.username)}
          prefix={<UserOutlined />}
          placeholder={t('auth.login.username_placeholder')}
          autoComplete="username"
        />
      </LightField>
      <LightField id={idOf('password')} label={t('fields.password')} error={messages.password}>
        <LightPassword
          id={idOf('password')}
          name="password"
          value={password}
          onChange={(event) => change('password', event.target.value)}
          onBlur={() => check('password')}
          invalid={Boolean(messages.password)}
          prefix={<LockOutlined />}
          placeholder={t('auth.login.password_placeholder')}
          autoComplete="current-password"
        />
      </LightField>
      {form.asked.totp && (
        <LightField
          id={idOf('totp')}
          label={t('fields.totp')}
          extra={t('auth.login.totp_help')}
          error={messages.totp}
        >
          <LightInput
            id={idOf('totp')}
            name="totp"
            value={totp ?? ''}
            onChange={(event) => change('totp', event.target.value)}
            onBlur={() => check('totp')}
            invalid={Boolean(messages.totp)}
            prefix={<SafetyOutlined />}
            placeholder={t('auth.login.totp_placeholder')}
            autoComplete="one-time-code"
            inputMode="text"
            maxLength={32}
          />
        </LightField>
      )}
      {form.asked.captcha && (
        <LightField
          id={idOf('captcha')}
          label={t('auth.login.captcha_label')}
          extra={t('auth.login.captcha_help')}
          error={messages.captcha}
          group
        >
          <CaptchaField value={captcha} onChange={(ticket) => change('captcha', ticket)} />
        </LightField>
      )}
      {full && (
        <div className="bd-auth__row bd-auth__options">
          <LightCheckbox
            id={idOf('remember')}
            name="remember"
            checked={remember === true}
            onChange={(event) => put('remember', event.target.checked)}
          >
            {t('fields.remember')}
          </LightCheckbox>
          <Link to="/open/password">{t('auth.login.forgot')}</Link>
        </div>
      )}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {submitText}
      </Button>
    </form>
  )
}
