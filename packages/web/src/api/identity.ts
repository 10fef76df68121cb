import type {
  TForgotPasswordMailInput,
  TForgotPasswordSmsInput,
  TLoginInput,
  TOtherLoginBindInput,
  TOtherLoginCreateInput,
  TRegisterInput,
  TRegisterSendInput,
  TResetPasswordInput,
} from '@brokerdesk/shared/auth'
import { http } from './http'
import type { UserAnswer } from './types'

/** The answer of a send-code call: seconds to count down before another, and how long the code lives. */
export interface CodeAnswer {
  wait: number
  expires_in: number
}

export interface OtherLoginProvider {
  name: string
  label: string
  type: number
  /** Where the browser goes to start the login (GET, then redirects to the provider). */
  url: string
}

/** A third-party identity waiting to be bound (GET /open/other-login/ticket/{ticket}). */
export interface BindingInfo {
  provider: string
  label: string
  type: number
  profile: { name: string; nickname: string; email: string; avatar: string }
  suggested_uname: string
}

/** 429 (too many tries, wait) is shown by the forms themselves. */
const quiet429 = { handledStatuses: [429] }

/** The identity calls of the open pages (SPEC §7). */
export const identityApi = {
  login: (input: TLoginInput) => http.post<UserAnswer>('/open/login', input, quiet429),
  sendRegisterCode: (input: TRegisterSendInput) =>
    http.post<CodeAnswer>('/open/register/send', input, quiet429),
  register: (input: TRegisterInput) => http.post<UserAnswer>('/open/register', input),
  sendResetMail: (input: TForgotPasswordMailInput) =>
    http.post<CodeAnswer>('/open/forgot-password/send', input, quiet429),
  sendResetSms: (input: TForgotPasswordSmsInput) =>
    http.post<CodeAnswer>('/open/forgot-password/send-sms', input, quiet429),
  resetPassword: (input: TResetPasswordInput) =>
    http.post<unknown>('/open/forgot-password/reset-password', input),
  otherLoginProviders: async () =>
    (await http.get<{ providers?: OtherLoginProvider[] }>('/open/other-login', undefined, { silent: true }))
      ?.providers ?? [],
  bindingInfo: (ticket: string) =>
    http.get<BindingInfo>(`/open/other-login/ticket/${encodeURIComponent(ticket)}`, undefined, {
      handledStatuses: [404, 422],
    }),
  createFromBinding: (input: TOtherLoginCreateInput) =>
    http.post<UserAnswer>('/open/other-login/create', input),
  bindExisting: (input: TOtherLoginBindInput) =>
    http.post<UserAnswer>('/open/other-login/bind', input, quiet429),
}

/** The `retry_after` seconds of a 429, if it says. */
export function retryAfterOf(body: unknown): number | undefined {
  const value = (body as { retry_after?: unknown } | undefined)?.retry_after
  return typeof value === 'number' && value > 0 ? value : undefined
}

/** Whether a 422 asks for the slider captcha. */
export function captchaRequiredBy(body: unknown): boolean {
  return (body as { captcha_required?: unknown } | undefined)?.captcha_required === true
}
