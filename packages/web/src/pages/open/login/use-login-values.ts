import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldLabel, firstIssue, issueMessage, lazySchema } from '../../../forms/zod-rule'

/** The login rules (with zod), loaded as the form gets the focus: the login page shows without them. */
const loginSchema = lazySchema(() => import('@brokerdesk/shared/auth').then((module) => module.ZLoginInput))

/** Once the server asks for it, the slider must be solved before a try (its ticket is optional otherwise). */
const loginWithCaptchaSchema = lazySchema(() =>
  import('@brokerdesk/shared/auth').then((module) =>
    module.ZLoginInput.extend({ captcha: module.ZCaptchaTicket }),
  ),
)

export interface LoginValues {
  username: string
  password: string
  remember?: boolean
  captcha?: string
  /** The code of the authenticator app or a recovery code, once the server asked for it. */
  totp?: string
}

export type LoginField = 'username' | 'password' | 'captcha' | 'totp'
export type LoginMessages = Partial<Record<LoginField, string>>

/**
 * The login form's fields — the slider and the code of the second step once the server asked for them
 * (`ask`) — their values and each one's message. The values live in a ref (a state copy only to render
 * them): the checks run after awaits, and a check or a try must read the values as they are then, not
 * as an earlier render saw them. A field is checked with the shared rules, the code with its own:
 * something typed.
 */
export function useLoginValues() {
  const { t } = useTranslation()
  const [asked, setAsked] = useState({ captcha: false, totp: false })
  const schema = asked.captcha ? loginWithCaptchaSchema : loginSchema
  const fields: LoginField[] = [
    'username',
    'password',
    ...(asked.captcha ? (['captcha'] as const) : []),
    ...(asked.totp ? (['totp'] as const) : []),
  ]
  const ask = (what: 'captcha' | 'totp') => setAsked((old) => ({ ...old, [what]: true }))
  const values = useRef<LoginValues>({ username: '', password: '', remember: false })
  const [, setShown] = useState(values.current)
  const [messages, setMessages] = useState<LoginMessages>({})
  const checks = useRef<Record<string, number>>({})

  /** The field's first failure against the rules (none when the rules cannot be loaded). */
  const messageOf = async (field: LoginField): Promise<string | undefined> => {
    if (field === 'totp') return values.current.totp?.trim() ? undefined : t('validations.messages.totp')
    const rules = await schema.load().catch(() => undefined)
    const issue = rules && firstIssue(rules, field, { ...values.current })
    return issue ? issueMessage(issue, fieldLabel(field)) : undefined
  }

  /** Checks a field; a newer check of the same field wins over an older one still running. */
  const check = (field: LoginField) => {
    const round = (checks.current[field] ?? 0) + 1
    checks.current[field] = round
    void messageOf(field).then((message) => {
      if (checks.current[field] === round) setMessages((shown) => ({ ...shown, [field]: message }))
    })
  }

  /** Checks every field at once (any check still running is overtaken); answers the first wrong one. */
  const checkAll = async (): Promise<LoginField | undefined> => {
    for (const field of fields) checks.current[field] = (checks.current[field] ?? 0) + 1
    const found = await Promise.all(fields.map(messageOf))
    setMessages(Object.fromEntries(fields.map((field, n) => [field, found[n]])))
    return fields.find((_, n) => found[n] !== undefined)
  }

  const put = <K extends keyof LoginValues>(field: K, value: LoginValues[K]) => {
    values.current = { ...values.current, [field]: value }
    setShown(values.current)
  }

  const change = (field: LoginField, value: string | undefined) => {
    put(field, value)
    check(field)
  }

  /** Starts loading the rules (as the form gets the focus). */
  const loadRules = () => void schema.load().catch(() => undefined)

  return { asked, ask, fields, values, messages, setMessages, check, checkAll, put, change, loadRules }
}

export type LoginValuesState = ReturnType<typeof useLoginValues>
