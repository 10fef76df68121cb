import { z } from 'zod'
import { isIp, isValidIdCard, PATTERNS } from './patterns'

/**
 * Field schemas carrying the SPEC §5 rules. Each failure's message is a translation key under
 * `validations.messages.{rule}`; its parameters travel in the issue (see `describeIssue`), so the
 * SPA and the server word the same failure the same way in every language.
 */
const msg = (rule: string, params?: Record<string, number>) => ({
  error: `validations.messages.${rule}${
    params
      ? `?${Object.entries(params)
          .map(([k, v]) => `${k}=${v}`)
          .join('&')}`
      : ''
  }`,
})

export const required = (schema: z.ZodString = z.string()) => schema.trim().min(1, msg('required'))

/** A trimmed text of min..max characters (or at most max), required unless `optional`. */
export function text(options: { min?: number; max: number; optional?: boolean }) {
  const range = { min: options.min ?? 0, max: options.max }
  let schema = z.string(msg('required')).trim().max(options.max, msg('max', range))
  if (options.min !== undefined) schema = schema.min(options.min, msg('between', range))
  return options.optional ? schema.or(z.literal('')).default('') : schema.min(1, msg('required'))
}

export const userName = (min = 5, max = 18) =>
  z
    .string(msg('required'))
    .trim()
    .min(1, msg('required'))
    .min(min, msg('between', { min, max }))
    .max(max, msg('between', { min, max }))
    .regex(PATTERNS.user_name, msg('user_name'))
    .refine((v) => !/^\d+$/.test(v), msg('user_name'))

export const password = (min = 6, max = 18) =>
  z
    .string(msg('required'))
    .min(1, msg('required'))
    .min(min, msg('between', { min, max }))
    .max(max, msg('between', { min, max }))

export const mobile = () =>
  z.string(msg('required')).trim().min(1, msg('required')).regex(PATTERNS.mobile, msg('mobile'))
export const mobileCode = () =>
  z.string(msg('required')).trim().min(1, msg('required')).regex(PATTERNS.mobile_code, msg('mobile_code'))
export const email = () =>
  z
    .string(msg('required'))
    .trim()
    .min(1, msg('required'))
    .max(100, msg('max', { max: 100 }))
    .regex(PATTERNS.email, msg('email'))
export const personName = () =>
  z.string(msg('required')).trim().min(1, msg('required')).regex(PATTERNS.name, msg('name'))
export const idCard = () => z.string(msg('required')).trim().refine(isValidIdCard, msg('id_card'))
export const ip = () => z.string(msg('required')).trim().refine(isIp, msg('ip'))
export const domain = () => z.string(msg('required')).trim().regex(PATTERNS.domain, msg('domain'))
export const website = () =>
  z
    .string(msg('required'))
    .trim()
    .max(255, msg('max', { max: 255 }))
    .regex(PATTERNS.website, msg('url'))

/** One of the given option codes. */
export const oneOf = <T extends readonly [number, ...number[]]>(codes: T) =>
  z.coerce.number(msg('in')).refine((v) => (codes as readonly number[]).includes(v), msg('in'))

/** A bitmask whose bits all belong to the given option codes; at least one when `required`. */
export const bitmask = (bits: readonly number[], options: { required?: boolean } = {}) => {
  const all = bits.reduce((a, b) => a | b, 0)
  return z.coerce
    .number(msg('in'))
    .int(msg('in'))
    .refine((v) => v >= 0 && v <= all && (v & ~all) === 0, msg('in'))
    .refine((v) => !options.required || v > 0, msg('required'))
}

/** The agreement checkbox: yes, 1, '1', true (SPEC §5 "accepted"). */
export const accepted = () =>
  z.union([z.literal('yes'), z.literal(1), z.literal('1'), z.literal(true), z.literal('on')], msg('accepted'))

/** `<field>_confirmation` must equal `<field>` (the `confirmed` rule). */
export function confirmed<T extends Record<string, unknown>>(field: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value[field] !== value[`${field}_confirmation`]) {
      ctx.addIssue({
        code: 'custom',
        path: [`${field}_confirmation`],
        message: 'validations.messages.confirmed',
      })
    }
  }
}

export { describeIssue, type IssueDescription } from './issues'
