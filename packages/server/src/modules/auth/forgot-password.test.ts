import type { AddressInfo } from 'node:net'
import { desc, eq, sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { mailOutbox, smsOutbox, verificationCodes } from '../../db/schema/index'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { solveCaptcha } from '../captcha/solve-captcha'
import { insertTestUser } from './insert-test-user'

interface ReceivedMail {
  to: string[]
  raw: string
}

let t: TestApp
let smtp: SMTPServer
const inbox: ReceivedMail[] = []

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8')
      })
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo
  t = await createTestApp({
    env: {
      MAIL_HOST: '127.0.0.1',
      MAIL_PORT: String(port),
      MAIL_SECURE: 'false',
      MAIL_FROM: 'Desk <desk@example.com>',
    },
  })
})
afterAll(async () => {
  await t.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: { language: 'en' }, payload })

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, ms = 5000): Promise<T> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    const value = await probe()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('timed out')
}

/** The code in the e-mail the SMTP server received for an address. */
async function codeMailedTo(address: string): Promise<string> {
  const mail = await waitFor(() => inbox.findLast((m) => m.to.includes(address)))
  expect(mail.raw).toMatch(/^From: Desk <desk@example\.com>/m)
  expect(mail.raw).toMatch(/^Subject: Brokerdesk: your password reset code/m)
  return mail.raw.match(/reset code is (\d{6})/)?.[1] ?? ''
}

async function login(username: string, password: string) {
  return post('/open/login', { username, password })
}

describe('forgot password by e-mail', () => {
  it('mails a code through SMTP that resets the password and ends every session', async () => {
    const user = await insertTestUser(t.app, { email: 'Forgetful@Example.com' })
    const session = (await login(user.uname, user.plainPassword)).json().token
    const send = await post('/open/forgot-password/send', {
      email: 'forgetful@example.com',
      captcha: await solveCaptcha(t.app),
    })
    expect(send.statusCode).toBe(200)
    expect(send.json()).toMatchObject({
      wait: 60,
      expires_in: 1800,
      alert: { message: 'If an account uses this address, a verification code has been sent to it.' },
    })
    const code = await codeMailedTo('forgetful@example.com')
    expect(code).toMatch(/^\d{6}$/)
    // The outbox row is written once the SMTP server has accepted the message, just after it arrives.
    const outbox = await vi.waitFor(
      async () => {
        const [row] = await t.app.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.recipient, 'forgetful@example.com'))
        if (!row) throw new Error('not recorded yet')
        return row
      },
      { timeout: 5000, interval: 50 },
    )
    expect(outbox).toMatchObject({ transport: 'smtp', status: 'sent', body: null })

    const reset = await post('/open/forgot-password/reset-password', {
      email: 'FORGETFUL@example.com',
      code,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    })
    expect(reset.statusCode).toBe(200)
    expect(reset.json().alert.message).toBe(
      'Your password has been reset. Please log in with the new password.',
    )

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/open/user',
      headers: { authorization: `Bearer ${session}` },
    })
    expect(me.json().user).toEqual({})
    expect((await login(user.uname, user.plainPassword)).statusCode).toBe(422)
    expect((await login(user.uname, 'brand-new-pass')).statusCode).toBe(200)

    const replay = await post('/open/forgot-password/reset-password', {
      email: 'forgetful@example.com',
      code,
      password: 'another-pass-1',
      password_confirmation: 'another-pass-1',
    })
    expect(replay.json().errors).toEqual({ code: ['The verification code is wrong or has expired.'] })
  })

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const before = inbox.length
    const response = await post('/open/forgot-password/send', {
      email: 'nobody@example.com',
      captcha: await solveCaptcha(t.app),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      wait: 60,
      expires_in: 1800,
      alert: {
        show: true,
        type: 'success',
        message: 'If an account uses this address, a verification code has been sent to it.',
      },
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(inbox.length).toBe(before)
    const outbox = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'nobody@example.com'))
    expect(outbox).toEqual([])
    const again = await post('/open/forgot-password/send', { email: 'nobody@example.com', captcha: 'x' })
    expect(again.statusCode).toBe(429)
  })

  it('refuses a code after its 30 minutes, and a reset without an address', async () => {
    const user = await insertTestUser(t.app)
    await post('/open/forgot-password/send', { email: user.email, captcha: await solveCaptcha(t.app) })
    const code = await codeMailedTo(user.email)
    await t.app.db
      .update(verificationCodes)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.recipient, user.email))
    const late = await post('/open/forgot-password/reset-password', {
      email: user.email,
      code,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    })
    expect(late.statusCode).toBe(422)
    const nowhere = await post('/open/forgot-password/reset-password', {
      code,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    })
    expect(nowhere.json().errors).toEqual({ email: ['The Email field is required'] })
  })

  it('needs a solved captcha to send', async () => {
    const response = await post('/open/forgot-password/send', {
      email: 'someone@example.com',
      captcha: 'made-up',
    })
    expect(response.json()).toMatchObject({ captcha_required: true, errors: { captcha: expect.any(Array) } })
  })
})

describe('forgot password by SMS', () => {
  it('texts a code that resets the password', async () => {
    const user = await insertTestUser(t.app)
    const send = await post('/open/forgot-password/send-sms', {
      mobile_phone: user.mobile_phone,
      captcha: await solveCaptcha(t.app),
    })
    expect(send.statusCode).toBe(200)
    const sms = await waitFor(async () => {
      const [row] = await t.app.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.mobile, user.mobile_phone))
        .orderBy(desc(smsOutbox.id))
      return row
    })
    expect(sms.content).toMatch(
      /^\[Brokerdesk\] Your password reset code is \d{6}\. It is valid for 30 minutes\.$/,
    )
    const code = sms.content.match(/\d{6}/)?.[0]
    const reset = await post('/open/forgot-password/reset-password', {
      mobile_phone: user.mobile_phone,
      code,
      password: 'texted-pass-1',
      password_confirmation: 'texted-pass-1',
    })
    expect(reset.statusCode).toBe(200)
    expect((await login(user.mobile_phone, 'texted-pass-1')).statusCode).toBe(200)
  })

  it('sends nothing to a number no account uses, with the same answer', async () => {
    const response = await post('/open/forgot-password/send-sms', {
      mobile_phone: '13999999999',
      captcha: await solveCaptcha(t.app),
    })
    expect(response.statusCode).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await t.app.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, '13999999999'))).toEqual([])
  })
})
