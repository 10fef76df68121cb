import { z } from 'zod'
import { readDate, readDateTime } from '../validation/dates'
import { exceedsJsonDepth, MAX_INTEGER, MIN_INTEGER } from '../validation/limits'
import { isIp, PATTERNS } from '../validation/patterns'
import { bitmask, oneOf, userName } from '../validation/rules'
import { codesOf, type OptionItem } from './define-resource'

/**
 * Field rules of the resources, on top of the shared validation rules. Messages are translation
 * keys `validations.messages.{rule}` with their parameters after `?`, read by `describeIssue`.
 */
// Marked free of side effects so that a schema unused by a bundle (built with `z.…(message(…))` at
// module level) is left out of it with zod: the SPA's lists need none.
/* @__NO_SIDE_EFFECTS__ */
export const message = (rule: string, params?: Record<string, number>) => ({
  error: `validations.messages.${rule}${
    params
      ? `?${Object.entries(params)
          .map(([k, v]) => `${k}=${v}`)
          .join('&')}`
      : ''
  }`,
})

/** A required trimmed text of at most `max` characters. */
export const requiredText = (max: number) =>
  z.string(message('required')).trim().min(1, message('required')).max(max, message('max', { max }))

/** A trimmed text of at most `max` characters; empty when absent. */
export const optionalText = (max: number) =>
  z.string(message('string')).trim().max(max, message('max', { max })).default('')

/** Empty, or an address beginning with http:// or https:// (SPEC §5). */
export const optionalWebsite = () =>
  z
    .string(message('string'))
    .trim()
    .max(255, message('max', { max: 255 }))
    .refine((v) => v === '' || PATTERNS.website.test(v), message('url'))
    .default('')

/** Empty, or an IPv4 / IPv6 address. */
export const optionalIp = () =>
  z
    .string(message('string'))
    .trim()
    .max(100, message('max', { max: 100 }))
    .refine((v) => v === '' || isIp(v), message('ip'))
    .default('')

export const optionalEmail = () =>
  z
    .string(message('string'))
    .trim()
    .max(100, message('max', { max: 100 }))
    .refine((v) => v === '' || PATTERNS.email.test(v), message('email'))
    .default('')

export const optionalMobile = () =>
  z
    .string(message('string'))
    .trim()
    .refine((v) => v === '' || PATTERNS.mobile.test(v), message('mobile'))
    .default('')

/**
 * An integer within bounds, by default those of a PostgreSQL integer column (numbers in strings are
 * read, as forms and imports send them).
 */
export const integer = (options: { min?: number; max?: number } = {}) => {
  const { min = MIN_INTEGER, max = MAX_INTEGER } = options
  return z.coerce
    .number(message('integer'))
    .int(message('integer'))
    .min(min, message('min_value', { min }))
    .max(max, message('max_value', { max }))
}

/** The id of another record; 0 is "none" unless `required`. */
export const reference = (options: { required?: boolean } = {}) =>
  z.coerce
    .number(message('integer'))
    .int(message('integer'))
    .min(0, message('integer'))
    .max(MAX_INTEGER, message('max_value', { max: MAX_INTEGER }))
    .refine((v) => !options.required || v > 0, message('required'))

/** A list of record ids: an array, or a comma-separated text (as an import cell holds it). */
export const idList = () =>
  z
    .union([
      z.array(z.coerce.number()),
      z.string().transform((v) => (v.trim() ? v.split(',').map(Number) : [])),
    ])
    .refine((ids) => ids.every((id) => Number.isInteger(id) && id > 0 && id <= MAX_INTEGER), message('array'))
    .transform((ids) => [...new Set(ids)])
    .default([])

/** One code of an option set. */
export const optionCode = (options: readonly OptionItem[]) => oneOf(codesOf(options))

/** A bitmask of the codes of an option set. */
export const optionBits = (options: readonly OptionItem[], required = false) =>
  bitmask(codesOf(options), { required })

/** 0 or 1. */
export const flag = () => oneOf([0, 1])

/**
 * A comma-separated list of positive integers such as `5,10,20` (spaces allowed); stored
 * normalised, without spaces.
 */
export const commaIntegers = () =>
  z
    .string(message('required'))
    .trim()
    .min(1, message('required'))
    .max(255, message('max', { max: 255 }))
    .refine(
      (v) => /^\d+(\s*,\s*\d+)*$/.test(v) && v.split(',').every((n) => Number(n) > 0),
      message('comma_integers'),
    )
    .transform((v) =>
      v
        .split(',')
        .map((n) => String(Number(n)))
        .join(','),
    )

/** A date `yyyy-MM-dd` that exists in the calendar; empty or null means none. */
export const optionalDate = () =>
  z
    .union([z.null(), z.undefined(), z.string(message('date'))])
    .refine((v) => !v?.trim() || readDate(v.trim()) !== undefined, message('date'))
    .transform((v) => (v?.trim() ? v.trim() : null))

/** A date and time (`yyyy-MM-dd hh:mm:ss` or ISO 8601), returned as ISO 8601; empty or null means none. */
export const optionalDateTime = () =>
  z
    .union([z.null(), z.undefined(), z.string(message('date'))])
    .refine((v) => !v?.trim() || readDateTime(v.trim()) !== undefined, message('date'))
    .transform((v) => (v?.trim() ? (readDateTime(v.trim()) as Date).toISOString() : null))

/** How deep the JSON text of a field may nest (component properties, options). */
const JSON_FIELD_DEPTH = 16

/** A JSON object: an object, or its text; empty or null means none. */
export const optionalJsonObject = () =>
  z.union([z.null(), z.undefined(), z.record(z.string(), z.unknown()), z.string()]).transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null
    if (typeof v !== 'string') return v
    try {
      const parsed: unknown = exceedsJsonDepth(v, JSON_FIELD_DEPTH) ? undefined : JSON.parse(v)
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        return parsed as Record<string, unknown>
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'validations.messages.json' })
    return z.NEVER
  })

/** Empty, or a user name: a letter, then letters, digits or underscores, 5-18 characters. */
export const optionalUserName = () =>
  z
    .string(message('string'))
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') return
      for (const issue of userName().safeParse(v).error?.issues ?? []) {
        ctx.addIssue({ code: 'custom', message: issue.message })
      }
    })
    .default('')

/** Empty (none given, or keep the current one), or a password of 6-18 characters. */
export const optionalPassword = () =>
  z
    .string(message('string'))
    .refine((v) => v === '' || (v.length >= 6 && v.length <= 18), message('between', { min: 6, max: 18 }))
    .default('')

/** Empty, a mobile number or a fixed-line number (a unit's phone). */
export const optionalPhone = () =>
  z
    .string(message('string'))
    .trim()
    .max(20, message('max', { max: 20 }))
    .refine((v) => v === '' || PATTERNS.mobile.test(v) || PATTERNS.fix_phone.test(v), message('fix_phone'))
    .default('')
