import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { isIp, isValidIdCard, PATTERNS } from './patterns'
import { accepted, bitmask, confirmed, describeIssue, mobile, password, userName, website } from './rules'

const firstIssue = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value)
  if (result.success) return undefined
  return describeIssue(result.error.issues[0])
}

describe('patterns', () => {
  it('mobile: 11 digits starting 1 then 3-9', () => {
    expect(PATTERNS.mobile.test('13812345678')).toBe(true)
    expect(PATTERNS.mobile.test('12812345678')).toBe(false)
    expect(PATTERNS.mobile.test('1381234567')).toBe(false)
  })

  it('id_card checks the 18th character', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true)
    expect(isValidIdCard('110105194912310021')).toBe(false)
    expect(isValidIdCard('110105491231002')).toBe(true)
  })

  it('ip accepts v4 and v6 only', () => {
    expect(isIp('192.168.1.10')).toBe(true)
    expect(isIp('2001:db8::1')).toBe(true)
    expect(isIp('256.1.1.1')).toBe(false)
    expect(isIp('example.com')).toBe(false)
  })
})

describe('rules', () => {
  it('user_name: a letter first, not all digits, within its length', () => {
    expect(userName().safeParse('broker_01').success).toBe(true)
    expect(firstIssue(userName(), '1abcde')).toEqual({ key: 'validations.messages.user_name', params: {} })
    expect(firstIssue(userName(), 'abc')).toEqual({
      key: 'validations.messages.between',
      params: { min: 5, max: 18 },
    })
    expect(firstIssue(userName(), '')?.key).toBe('validations.messages.required')
  })

  it('stops at the first failure', () => {
    const result = password().safeParse('')
    expect(result.success).toBe(false)
    expect(describeIssue((result as z.ZodSafeParseError<string>).error.issues[0]).key).toBe(
      'validations.messages.required',
    )
  })

  it('website must start with http:// or https://', () => {
    expect(website().safeParse('https://www.pingan.com').success).toBe(true)
    expect(firstIssue(website(), 'www.pingan.com')?.key).toBe('validations.messages.url')
  })

  it('mobile, accepted, bitmask and confirmed', () => {
    expect(firstIssue(mobile(), '123')?.key).toBe('validations.messages.mobile')
    expect(accepted().safeParse(true).success).toBe(true)
    expect(accepted().safeParse('1').success).toBe(true)
    expect(firstIssue(accepted(), false)?.key).toBe('validations.messages.accepted')
    expect(bitmask([1, 2, 4]).safeParse(5).success).toBe(true)
    expect(firstIssue(bitmask([1, 2, 4]), 8)?.key).toBe('validations.messages.in')
    // 2^32 has no bit a 32-bit mask sees, and no column holds it.
    expect(firstIssue(bitmask([1, 2, 4]), 2 ** 32)?.key).toBe('validations.messages.in')
    expect(firstIssue(bitmask([1, 2], { required: true }), 0)?.key).toBe('validations.messages.required')
    const form = z
      .object({ password: z.string(), password_confirmation: z.string() })
      .superRefine(confirmed('password'))
    const result = form.safeParse({ password: 'a', password_confirmation: 'b' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].path).toEqual(['password_confirmation'])
  })
})
