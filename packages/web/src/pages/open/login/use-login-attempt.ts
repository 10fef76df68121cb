import { type FormEvent, useRef, useState } from 'react'
import { HttpError } from '../../../api/http'
import { captchaRequiredBy, retryAfterOf } from '../../../api/identity'
import type { UserAnswer } from '../../../api/types'
import { splitServerErrors } from '../../../forms/server-errors'
import type { LoginField, LoginValues, LoginValuesState } from './use-login-values'

/**
 * A try to log in, and what the server's refusal says: the minutes an account is locked for (429), the
 * slider or the code it asks for now (422), the fields' messages and the form's notice.
 */
export function useLoginAttempt({
  form,
  submit,
  onLoggedIn,
  focus,
}: {
  form: LoginValuesState
  submit: (values: LoginValues) => Promise<UserAnswer>
  onLoggedIn: (answer: UserAnswer) => void
  focus: (field: LoginField) => void
}) {
  const [lockedMinutes, setLockedMinutes] = useState(0)
  const [notice, setNotice] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const trying = useRef(false)
  const { asked, put } = form

  /** The refusal of a try: the slider or the code asked for, and the messages where they belong. */
  const refused = (error: HttpError, sent: LoginValues) => {
    // The slider appearing says enough the first time; afterwards its message goes under it.
    const captchaAskedNow = captchaRequiredBy(error.body) && !asked.captcha
    if (captchaAskedNow) form.ask('captcha')
    // The code field appearing asks for it; a wrong code's message goes under it.
    const totpAskedNow = Boolean(error.errors.totp) && !asked.totp
    if (totpAskedNow) {
      form.ask('totp')
      window.setTimeout(() => focus('totp'), 0)
    }
    if (error.errors.totp && sent.totp) put('totp', '')
    const ignored = [...(captchaAskedNow ? ['captcha'] : []), ...(totpAskedNow ? ['totp'] : [])]
    const split = splitServerErrors(error, new Set([...form.fields, 'totp']), ignored)
    form.setMessages((shown) => {
      const next = { ...shown }
      for (const field of split.fields) next[field.name as LoginField] = field.errors[0]
      return next
    })
    if (split.rest.length > 0) setNotice(split.rest[0])
  }

  const send = async () => {
    const sent = form.values.current
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
      if (error.status === 429)
        setLockedMinutes(Math.max(1, Math.ceil((retryAfterOf(error.body) ?? 60) / 60)))
      else if (error.status === 422) refused(error, sent)
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
      const wrong = await form.checkAll()
      if (wrong) focus(wrong)
      else await send()
    } finally {
      trying.current = false
    }
  }

  return { lockedMinutes, notice, submitting, onSubmit }
}
