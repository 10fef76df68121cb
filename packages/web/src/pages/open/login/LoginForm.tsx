import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { HttpError } from '../../../api/http'
import { captchaRequiredBy, retryAfterOf } from '../../../api/identity'
import type { UserAnswer } from '../../../api/types'
import { LazyAlert } from '../../../components/LazyAlert'
import { LightCheckbox, LightField, LightInput, LightPassword } from '../../../components/LightForm/LightForm'
import { splitServerErrors } from '../../../forms/server-errors'
import { fieldLabel, firstIssue, issueMessage, lazySchema } from '../../../forms/zod-rule'

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

export interface LoginValues {
  username: string
  password: string
  remember?: boolean
  captcha?: string
  /** The code of the authenticator app or a recovery code, once the server asked for it. */
  totp?: string
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

type Field = 'username' | 'password' | 'captcha' | 'totp'
type Messages = Partial<Record<Field, string>>

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
  // The values in a ref (a state copy only to render them): the checks run after awaits, and a check or
  // a try must read the values as they are then, not as an earlier render saw them.
  const values = useRef<LoginValues>({ username: '', password: '', remember: false })
  const [, setShown] = useState(values.current)
  const [messages, setMessages] = useState<Messages>({})
  const checks = useRef<Record<string, number>>({})
  const [captchaRequired, setCaptchaRequired] = useState(false)
  const [totpRequired, setTotpRequired] = useState(false)
  const [lockedMinutes, setLockedMinutes] = useState(0)
  const [notice, setNotice] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const trying = useRef(false)
  const schema = captchaRequired ? loginWithCaptchaSchema : loginSchema
  const fields: Field[] = [
    'username',
    'password',
    ...(captchaRequired ? (['captcha'] as const) : []),
    ...(totpRequired ? (['totp'] as const) : []),
  ]
  const idOf = (field: string) => `${name}_${field}`

  /** The field's first failure against the shared rules (none when the rules cannot be loaded). */
  const messageOf = async (field: Field): Promise<string | undefined> => {
    // The code's own rule: something typed (six digits, or a recovery code the server judges).
    if (field === 'totp') return values.current.totp?.trim() ? undefined : t('validations.messages.totp')
    const rules = await schema.load().catch(() => undefined)
    const issue = rules && firstIssue(rules, field, { ...values.current })
    return issue ? issueMessage(issue, fieldLabel(field)) : undefined
  }

  /** Checks a field; a newer check of the same field wins over an older one still running. */
  const check = (field: Field) => {
    const round = (checks.current[field] ?? 0) + 1
    checks.current[field] = round
    void messageOf(field).then((message) => {
      if (checks.current[field] === round) setMessages((shown) => ({ ...shown, [field]: message }))
    })
  }

  const put = <K extends keyof LoginValues>(field: K, value: LoginValues[K]) => {
    values.current = { ...values.current, [field]: value }
    setShown(values.current)
  }

  const change = (field: Field, value: string | undefined) => {
    put(field, value)
    check(field)
  }

  const send = async () => {
    const sent = values.current
    setSubmitting(true)
    setLockedMinutes(0)
    setNotice('')
    try {
      const answer = await submit({
        username: sent.username.trim(),
        password: sent.password,
        remember: sent.remember === true,
        ...(sent.captcha ? { captcha: sent.captcha } : {}),
        ...(sent.totp?.trim() ? { totp: sent.totp.trim() } : {}),
      })
      onLoggedIn(answer)
    } catch (error) {
      if (!(error instanceof HttpError)) return
      // A ticket is good for one try.
      if (sent.captcha) put('captcha', undefined)
      if (error.status === 429) {
        setLockedMinutes(Math.max(1, Math.ceil((retryAfterOf(error.body) ?? 60) / 60)))
      } else if (error.status === 422) {
        // The slider appearing says enough the first time; afterwards its message goes under it.
        const askedNow = captchaRequiredBy(error.body) && !captchaRequired
        if (askedNow) setCaptchaRequired(true)
        // The code field appearing asks for it; a wrong code's message goes under it.
        const totpAskedNow = Boolean(error.errors.totp) && !totpRequired
        if (totpAskedNow) {
          setTotpRequired(true)
          window.setTimeout(() => document.getElementById(idOf('totp'))?.focus(), 0)
        }
        if (error.errors.totp && sent.totp) put('totp', '')
        const ignored = [...(askedNow ? ['captcha'] : []), ...(totpAskedNow ? ['totp'] : [])]
        const split = splitServerErrors(error, new Set([...fields, 'totp']), ignored)
        setMessages((shown) => {
          const next = { ...shown }
          for (const field of split.fields) next[field.name as Field] = field.errors[0]
          return next
        })
        if (split.rest.length > 0) setNotice(split.rest[0])
      }
    } finally {
      setSubmitting(false)
    }
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // One try at a time: a second press while the fields are checked or the try is out does nothing.
    if (trying.current) return
    trying.current = true
    try {
      await checkAndSend()
    } finally {
      trying.current = false
    }
  }

  const checkAndSend = async () => {
    for (const field of fields) checks.current[field] = (checks.current[field] ?? 0) + 1
    const found = await Promise.all(fields.map(messageOf))
    setMessages(Object.fromEntries(fields.map((field, n) => [field, found[n]])))
    const wrong = fields.find((_, n) => found[n] !== undefined)
    if (wrong) {
      document.getElementById(idOf(wrong))?.focus()
      return
    }
    await send()
  }

  const { username, password, remember, captcha, totp } = values.current
  return (
    <form
      id={name}
      className="bd-light-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={() => void schema.load().catch(() => undefined)}
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
      {totpRequired && (
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
      {captchaRequired && (
        <LightField
          id={idOf('captcha')}
          label={t('auth.login.captcha_label')}
          extra={t('auth.login.captcha_help')}
          error={messages.captcha}
          group
        >
          <Suspense fallback={null}>
            <CaptchaField value={captcha} onChange={(ticket) => change('captcha', ticket)} />
          </Suspense>
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
