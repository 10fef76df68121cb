import { z } from 'zod'
import { MAX_INTEGER } from './validation/limits'
import { PATTERNS } from './validation/patterns'
import { accepted, confirmed, email, mobile, mobileCode, password, userName } from './validation/rules'

/**
 * The request bodies of the identity screens: login, captcha, registration, forgotten password,
 * personal centre, third-party login. The SPA validates its forms with these and the server its
 * requests, so both word the same failure the same way (`validations.messages.*`).
 */

const rule = (name: string) => ({ error: `validations.messages.${name}` })

/** A required text the user typed, trimmed, at most `max` characters. */
const requiredText = (max: number) =>
  z.string(rule('required')).trim().min(1, rule('required')).max(max, rule('max'))

/** Checkbox-like values: true/false, 1/0, 'on', 'yes'. */
const ZFlag = z
  .union([
    z.boolean(),
    z.literal(1),
    z.literal(0),
    z.enum(['1', '0', 'true', 'false', 'on', 'yes', 'no', '']),
  ])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on' || v === 'yes')

/** The one-time ticket `POST /open/captcha/verify` answers. */
export const ZCaptchaTicket = z
  .string(rule('captcha'))
  .trim()
  .min(1, rule('captcha'))
  .max(100, rule('captcha'))

export const ZLoginInput = z.object({
  /** Account name, e-mail address or mobile number; recognised automatically. */
  username: requiredText(100),
  password: z.string(rule('required')).min(1, rule('required')).max(255, rule('max')),
  remember: ZFlag.optional().default(false),
  /** Needed once `captcha_required` was answered. */
  captcha: ZCaptchaTicket.optional(),
  /** The code of the authenticator app, or a recovery code: needed once `errors.totp` was answered. */
  totp: z.string(rule('totp')).trim().max(32, rule('totp')).optional(),
})
export type TLoginInput = z.input<typeof ZLoginInput>

/** A code of an authenticator app: six digits. */
export const ZTotpCode = z
  .string(rule('totp'))
  .trim()
  .regex(/^\d{6}$/, rule('totp'))

/** PUT /{area}/personage/totp: the first code of the app being set up turns two-factor login on. */
export const ZTotpEnableInput = z.object({ code: ZTotpCode })
export type TTotpEnableInput = z.input<typeof ZTotpEnableInput>

/**
 * DELETE /{area}/personage/totp: turning two-factor login off is proven by a current code (or a
 * recovery code) or by the password.
 */
export const ZTotpDisableInput = z
  .object({
    code: z.string(rule('totp')).trim().max(32, rule('totp')).optional(),
    password: z.string(rule('required')).max(255, rule('max')).optional(),
  })
  .refine((value) => Boolean(value.code || value.password), {
    path: ['code'],
    message: 'validations.messages.totp',
  })
export type TTotpDisableInput = z.input<typeof ZTotpDisableInput>

/** DELETE /{area}/personage/sessions and /admin/sessions: the sessions to end. */
export const ZSessionIds = z.object({
  ids: z
    .array(z.number(rule('integer')).int(rule('integer')).positive(rule('integer')), rule('array'))
    .min(1, rule('array'))
    .max(1000, rule('array')),
})

export const ZCaptchaVerifyInput = z.object({
  id: requiredText(64),
  /** Left edge of the piece, in pixels of the background image. */
  x: z.number(rule('numeric')).min(0, rule('min_value')).max(10_000, rule('max_value')),
  /** How long the drag took, as the client saw it (the server judges by the track). */
  duration_ms: z.number(rule('numeric')).int(rule('integer')).min(0, rule('min_value')),
  /**
   * The positions of the drag, relative to its start: `[x, y, ms since start]` — the pointer's, or
   * one per key press when the handle is moved with the keyboard.
   */
  track: z
    .array(z.tuple([z.number(), z.number(), z.number()]), rule('array'))
    .min(3, rule('array_length'))
    .max(2000, rule('array_length')),
})
export type TCaptchaVerifyInput = z.input<typeof ZCaptchaVerifyInput>

export const ZRegisterSendInput = z.object({
  mobile_phone: mobile(),
  captcha: ZCaptchaTicket,
})
export type TRegisterSendInput = z.input<typeof ZRegisterSendInput>

export const ZRegisterInput = z
  .object({
    uname: userName(5, 18),
    password: password(6, 18),
    password_confirmation: z.string(rule('required')),
    mobile_phone: mobile(),
    code: mobileCode(),
    agreement: accepted(),
    captcha: ZCaptchaTicket.optional(),
  })
  .superRefine(confirmed('password'))
export type TRegisterInput = z.input<typeof ZRegisterInput>

export const ZForgotPasswordMailInput = z.object({ email: email(), captcha: ZCaptchaTicket })
export type TForgotPasswordMailInput = z.input<typeof ZForgotPasswordMailInput>

export const ZForgotPasswordSmsInput = z.object({ mobile_phone: mobile(), captcha: ZCaptchaTicket })
export type TForgotPasswordSmsInput = z.input<typeof ZForgotPasswordSmsInput>

/** Either `email` or `mobile_phone`: where the code was sent. */
export const ZResetPasswordInput = z
  .object({
    email: email().optional(),
    mobile_phone: mobile().optional(),
    code: mobileCode(),
    password: password(6, 18),
    password_confirmation: z.string(rule('required')),
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.mobile_phone) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'validations.messages.required' })
    }
  })
  .superRefine(confirmed('password'))
export type TResetPasswordInput = z.input<typeof ZResetPasswordInput>

export const ZChangePasswordInput = z
  .object({
    old_password: z.string(rule('required')).min(1, rule('required')).max(255, rule('max')),
    password: password(6, 18),
    password_confirmation: z.string(rule('required')),
  })
  .superRefine(confirmed('password'))
export type TChangePasswordInput = z.input<typeof ZChangePasswordInput>

/** An optional text that may be emptied with ''. */
const optionalText = (max: number) => z.string(rule('required')).trim().max(max, rule('max')).optional()
const optionalMatching = (pattern: RegExp, name: string, max: number) =>
  z
    .string(rule('required'))
    .trim()
    .max(max, rule('max'))
    .refine((v) => v === '' || pattern.test(v), rule(name))
    .optional()
const regionId = () =>
  z
    .number(rule('integer'))
    .int(rule('integer'))
    .min(0, rule('min_value'))
    .max(MAX_INTEGER, rule('max_value'))
    .optional()
const coordinate = (limit: number) =>
  z.number(rule('numeric')).min(-limit, rule('min_value')).max(limit, rule('max_value')).nullable().optional()

/** The personal data a user edits; fields left out are kept. */
export const ZPersonageInput = z.object({
  name: optionalMatching(PATTERNS.name, 'name', 50),
  nickname: optionalText(50),
  avatar: optionalText(255),
  email: optionalMatching(PATTERNS.email, 'email', 100),
  mobile_phone: optionalMatching(PATTERNS.mobile, 'mobile', 20),
  signature: optionalText(255),
  province_id: regionId(),
  city_id: regionId(),
  zone_id: regionId(),
  province_name: optionalText(50),
  city_name: optionalText(50),
  zone_name: optionalText(50),
  address: optionalText(255),
  lng: coordinate(180),
  lat: coordinate(90),
})
export type TPersonageInput = z.input<typeof ZPersonageInput>

/** Creates an account for a third-party identity that is not bound yet. */
export const ZOtherLoginCreateInput = z
  .object({
    ticket: requiredText(100),
    uname: userName(5, 18),
    password: password(6, 18),
    password_confirmation: z.string(rule('required')),
    agreement: accepted(),
  })
  .superRefine(confirmed('password'))
export type TOtherLoginCreateInput = z.input<typeof ZOtherLoginCreateInput>

/** Binds a third-party identity to an existing account, proven by its password. */
export const ZOtherLoginBindInput = z.object({
  ticket: requiredText(100),
  username: requiredText(100),
  password: z.string(rule('required')).min(1, rule('required')).max(255, rule('max')),
  captcha: ZCaptchaTicket.optional(),
  /** The second factor of an account with two-factor login, as at login. */
  totp: z.string(rule('totp')).trim().max(32, rule('totp')).optional(),
})
export type TOtherLoginBindInput = z.input<typeof ZOtherLoginBindInput>

/** Seconds the SPA counts down before it offers to send another code. */
export const CODE_RESEND_SECONDS = 60
