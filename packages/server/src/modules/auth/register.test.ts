import { verify } from '@node-rs/argon2'
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smsOutbox, users, verificationCodes } from '../../db/schema/index'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { solveCaptcha } from '../captcha/solve-captcha'
import { insertTestUser } from './insert-test-user'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

let numberCounter = 0
const freshMobile = () => `1580000${String(++numberCounter).padStart(4, '0')}`

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: { language: 'en' }, payload })

async function sendCode(mobile: string) {
  return post('/open/register/send', { mobile_phone: mobile, captcha: await solveCaptcha(t.app) })
}

/** The code in the last text message sent to a number (the log provider keeps it outside production). */
async function lastCodeSentTo(mobile: string): Promise<string> {
  const [sms] = await t.app.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.mobile, mobile))
    .orderBy(desc(smsOutbox.id))
    .limit(1)
  return sms.content.match(/\b(\d{6})\b/)?.[1] ?? ''
}

/** Moves every code sent to a number back in time. */
const ageCodes = (mobile: string, interval: string) =>
  t.app.db
    .update(verificationCodes)
    .set({
      created_at: sql`${verificationCodes.created_at} - ${interval}::interval`,
      expires_at: sql`${verificationCodes.expires_at} - ${interval}::interval`,
    })
    .where(eq(verificationCodes.recipient, mobile))

const form = (mobile: string, code: string, overrides: Record<string, unknown> = {}) => ({
  uname: `broker_${numberCounter}`,
  password: 'good-pass-1',
  password_confirmation: 'good-pass-1',
  mobile_phone: mobile,
  code,
  agreement: true,
  ...overrides,
})

describe('POST /open/register/send', () => {
  it('texts a 6-digit code, keeps only its hash, and tells the SPA to count down 60 s', async () => {
    const mobile = freshMobile()
    const response = await sendCode(mobile)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      wait: 60,
      expires_in: 600,
      alert: { type: 'success', message: 'The verification code has been sent.' },
    })
    const code = await lastCodeSentTo(mobile)
    expect(code).toMatch(/^\d{6}$/)
    const [stored] = await t.app.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.recipient, mobile))
    expect(stored).toMatchObject({ purpose: 'register', channel: 'sms' })
    expect(stored.code_hash).not.toContain(code)
  })

  it('needs a solved captcha, a valid number and one no account uses', async () => {
    const noCaptcha = await post('/open/register/send', { mobile_phone: freshMobile(), captcha: 'made-up' })
    expect(noCaptcha.json()).toMatchObject({ captcha_required: true })
    const badNumber = await post('/open/register/send', { mobile_phone: '12345', captcha: 'x' })
    expect(badNumber.json().errors).toEqual({
      mobile_phone: ['The Mobile phone number field must be a valid mobile phone number'],
    })
    const user = await insertTestUser(t.app)
    const taken = await sendCode(user.mobile_phone)
    expect(taken.json().errors).toEqual({ mobile_phone: ['The Mobile phone number has already been taken.'] })
  })

  it('sends one code a minute, five within 30 minutes, then none for 30 minutes', async () => {
    const mobile = freshMobile()
    expect((await sendCode(mobile)).statusCode).toBe(200)
    const tooSoon = await sendCode(mobile)
    expect(tooSoon.statusCode).toBe(429)
    expect(tooSoon.json().message).toMatch(/^Please wait (60|59) seconds before requesting another code\.$/)
    for (let n = 2; n <= 5; n++) {
      await ageCodes(mobile, '61 seconds')
      expect((await sendCode(mobile)).statusCode, `send ${n}`).toBe(200)
    }
    await ageCodes(mobile, '61 seconds')
    const sixth = await sendCode(mobile)
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().message).toBe('Too many codes have been sent. Please try again in 29 minutes.')
    await ageCodes(mobile, '29 minutes')
    expect((await sendCode(mobile)).statusCode).toBe(200)
  })
})

describe('POST /open/register', () => {
  it('creates an effective user from a texted code and the agreement, and logs them in', async () => {
    const mobile = freshMobile()
    await sendCode(mobile)
    const code = await lastCodeSentTo(mobile)
    const response = await post('/open/register', form(mobile, code, { uname: 'new_broker' }))
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.user).toMatchObject({ uname: 'new_broker', mobile_phone: mobile, status: 1 })
    expect(body.alert.message).toBe('Registration successful.')
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/open/user',
      headers: { authorization: `Bearer ${body.token}` },
    })
    expect(me.json().user.uname).toBe('new_broker')
    const [row] = await t.app.db.select().from(users).where(eq(users.uname, 'new_broker'))
    expect(await verify(row.password, 'good-pass-1')).toBe(true)

    const again = await post('/open/register', form(freshMobile(), code, { uname: 'other_broker' }))
    expect(again.json().errors).toHaveProperty('code')
  })

  it('uses a code once', async () => {
    const mobile = freshMobile()
    await sendCode(mobile)
    const code = await lastCodeSentTo(mobile)
    expect((await post('/open/register', form(mobile, code, { uname: 'once_broker' }))).statusCode).toBe(200)
    const replay = await post('/open/register', form(mobile, code, { uname: 'twice_broker' }))
    expect(replay.statusCode).toBe(422)
  })

  it('refuses each missing or bad field with its own message', async () => {
    const mobile = freshMobile()
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ agreement: undefined }, { agreement: ['The Agreement must be accepted'] }],
      [{ agreement: false }, { agreement: ['The Agreement must be accepted'] }],
      [
        { password_confirmation: 'other-pass' },
        { password_confirmation: ['The Confirm password field confirmation does not match'] },
      ],
      [{ uname: '9broker' }, { uname: [expect.stringContaining('must start with a letter')] }],
      [{ uname: 'abc' }, { uname: ['The Username field must be between 5 and 18'] }],
      [
        { password: '123', password_confirmation: '123' },
        { password: ['The Password field must be between 6 and 18'] },
      ],
      [{ code: '12ab' }, { code: ['The Verification code field must be a 6-digit code'] }],
      [
        { mobile_phone: '110' },
        { mobile_phone: ['The Mobile phone number field must be a valid mobile phone number'] },
      ],
    ]
    for (const [overrides, errors] of cases) {
      const response = await post('/open/register', form(mobile, '123456', overrides))
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422)
      expect(response.json().errors, JSON.stringify(overrides)).toEqual(errors)
    }
  })

  it('refuses a taken account name (any case) or number before using the code', async () => {
    const user = await insertTestUser(t.app, { uname: 'Taken_Name' })
    const response = await post('/open/register', form(user.mobile_phone, '123456', { uname: 'taken_name' }))
    expect(response.json().errors).toEqual({
      uname: ['The Username has already been taken.'],
      mobile_phone: ['The Mobile phone number has already been taken.'],
    })
  })

  it('refuses a wrong or expired code', async () => {
    const mobile = freshMobile()
    await sendCode(mobile)
    const code = await lastCodeSentTo(mobile)
    const wrong = await post('/open/register', form(mobile, code === '000000' ? '111111' : '000000'))
    expect(wrong.json().errors).toEqual({ code: ['The verification code is wrong or has expired.'] })
    await ageCodes(mobile, '11 minutes')
    const expired = await post('/open/register', form(mobile, code))
    expect(expired.json().errors).toEqual({ code: ['The verification code is wrong or has expired.'] })
  })

  it('ends a code after five wrong tries', async () => {
    const mobile = freshMobile()
    await sendCode(mobile)
    const code = await lastCodeSentTo(mobile)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let n = 0; n < 5; n++) await post('/open/register', form(mobile, wrong))
    const right = await post('/open/register', form(mobile, code))
    expect(right.json().errors).toHaveProperty('code')
  })
})
