import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAttempts, sessions } from '../../db/schema/index'
import { createTestApp, csrfSession, type TestApp } from '../../testing/test-app'
import { solveCaptcha } from '../captcha/solve-captcha'
import { insertTestUser } from './insert-test-user'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

let ipCounter = 0
/** Each test logs in from its own address, so the per-IP counters of one test do not touch another. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

function login(payload: Record<string, unknown>, ip: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/open/login',
    headers: { language: 'en', 'x-forwarded-for': ip, ...headers },
    payload,
  })
}

describe('POST /open/login', () => {
  it('logs in by account name, e-mail (any case) or mobile number and answers the token to /api', async () => {
    const user = await insertTestUser(t.app, { email: 'Broker.One@Example.com' })
    const ip = freshIp()
    for (const username of [user.uname, 'broker.one@EXAMPLE.com', user.mobile_phone]) {
      const response = await login({ username, password: user.plainPassword }, ip)
      expect(response.statusCode, username).toBe(200)
      const body = response.json()
      expect(body).toMatchObject({ lifetime: 120, user: { id: user.id, uname: user.uname, admin: null } })
      expect(body.token).toMatch(/^[A-Za-z0-9]{48}$/)
      expect(JSON.stringify(body)).not.toMatch(/argon2|"password"/)
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/open/user',
        headers: { authorization: `Bearer ${body.token}` },
      })
      expect(me.json().user.id).toBe(user.id)
    }
  })

  it('gives the SPA an HttpOnly cookie for the session lifetime, or 14 days when remembered, never the token', async () => {
    const user = await insertTestUser(t.app)
    for (const [remember, maxAge] of [
      [false, 120 * 60],
      [true, 14 * 86_400],
    ] as const) {
      const csrf = await csrfSession(t.app)
      const response = await t.app.inject({
        method: 'POST',
        url: '/web-api/open/login',
        headers: { cookie: csrf.cookie, 'x-csrf-token': csrf.token, 'x-forwarded-for': freshIp() },
        payload: { username: user.uname, password: user.plainPassword, remember },
      })
      expect(response.statusCode).toBe(200)
      expect(response.json().token).toBeUndefined()
      const cookie = response.cookies.find((c) => c.name === 'Authorization')
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge })
      expect(cookie?.secure).toBeFalsy()
      const me = await t.app.inject({
        method: 'GET',
        url: '/web-api/open/user',
        headers: { cookie: `${csrf.cookie}; Authorization=${cookie?.value}` },
      })
      expect(me.json().user.id).toBe(user.id)
    }
  })

  it('answers a wrong password and an unknown account alike, and takes about as long for both', async () => {
    const user = await insertTestUser(t.app)
    const timed = async (username: string) => {
      const started = performance.now()
      const response = await login({ username, password: 'not-the-password' }, freshIp())
      return { response, ms: performance.now() - started }
    }
    await timed('warm_up_account')
    const wrong = [await timed(user.uname), await timed(user.uname)]
    const unknown = [await timed('nobody_here_1'), await timed('nobody_here_2')]
    for (const { response } of [...wrong, ...unknown]) {
      expect(response.statusCode).toBe(422)
      expect(response.json()).toMatchObject({
        message: 'These credentials do not match our records.',
        errors: { username: ['These credentials do not match our records.'] },
        captcha_required: false,
      })
    }
    const fastest = (runs: Array<{ ms: number }>) => runs.map((r) => r.ms).sort((a, b) => a - b)[0]
    // Both verify an argon2id hash; without the dummy hash an unknown account would answer in ~1 ms.
    expect(fastest(unknown)).toBeGreaterThan(fastest(wrong) * 0.4)
  })

  it('refuses a stopped or cancelled account with a clear message, only to whoever knows its password', async () => {
    for (const status of [0, 2]) {
      const user = await insertTestUser(t.app, { status })
      const ip = freshIp()
      const right = await login({ username: user.uname, password: user.plainPassword }, ip)
      expect(right.statusCode).toBe(422)
      expect(right.json().message).toBe(
        'This account has been stopped or cancelled. Please contact the administrator.',
      )
      const wrong = await login({ username: user.uname, password: 'wrong-password' }, ip)
      expect(wrong.json().message).toBe('These credentials do not match our records.')
    }
  })

  it('validates the body with the shared rules, in the caller language with the field label', async () => {
    const response = await login({ password: '' }, freshIp())
    expect(response.statusCode).toBe(422)
    expect(response.json().errors).toEqual({
      username: ['The Username field is required'],
      password: ['The Password field is required'],
    })
    const zh = await login({ username: 'x' }, freshIp(), { language: 'zh-CN' })
    expect(zh.json().errors.password).toEqual(['密码不能为空'])
  })
})

describe('brute force', () => {
  it('asks for the slider captcha after 3 failures of an account, and accepts a solved one', async () => {
    const user = await insertTestUser(t.app)
    const ip = freshIp()
    const flags: boolean[] = []
    for (let n = 0; n < 3; n++) {
      const response = await login({ username: user.uname, password: 'wrong-password' }, freshIp())
      flags.push(response.json().captcha_required)
    }
    expect(flags).toEqual([false, false, true])
    const withoutCaptcha = await login({ username: user.uname, password: user.plainPassword }, ip)
    expect(withoutCaptcha.statusCode).toBe(422)
    expect(withoutCaptcha.json()).toMatchObject({
      message: 'Please complete the verification code correctly.',
      errors: { captcha: ['Please complete the verification code correctly.'] },
      captcha_required: true,
    })
    const forged = await login({ username: user.uname, password: user.plainPassword, captcha: 'made-up' }, ip)
    expect(forged.json().captcha_required).toBe(true)
    const spent = await solveCaptcha(t.app)
    const wrongWithCaptcha = await login(
      { username: user.uname, password: 'wrong-password', captcha: spent },
      ip,
    )
    expect(wrongWithCaptcha.json().errors).toHaveProperty('username')
    const reused = await login({ username: user.uname, password: user.plainPassword, captcha: spent }, ip)
    expect(reused.json().errors).toHaveProperty('captcha')
    const captcha = await solveCaptcha(t.app)
    const solved = await login({ username: user.uname, password: user.plainPassword, captcha }, ip)
    expect(solved.statusCode).toBe(200)
    // The success forgets the failures of its own address only: those from elsewhere still count.
    const afterSuccess = await login({ username: user.uname, password: user.plainPassword }, freshIp())
    expect(afterSuccess.json().captcha_required).toBe(true)
  })

  it('asks for the captcha after 3 failures from one IP, whichever accounts they named', async () => {
    const ip = freshIp()
    for (const name of ['ghost_one', 'ghost_two', 'ghost_three']) {
      await login({ username: name, password: 'wrong-password' }, ip)
    }
    const user = await insertTestUser(t.app)
    const response = await login({ username: user.uname, password: user.plainPassword }, ip)
    expect(response.json()).toMatchObject({ captcha_required: true })
    const elsewhere = await login({ username: user.uname, password: user.plainPassword }, freshIp())
    expect(elsewhere.statusCode).toBe(200)
  })

  it('refuses the account+IP pair for 15 minutes with 429 after 10 failures, whatever the password', async () => {
    const user = await insertTestUser(t.app)
    const ip = freshIp()
    for (let n = 0; n < 10; n++) {
      const captcha = n >= 3 ? await solveCaptcha(t.app) : undefined
      const response = await login({ username: user.uname, password: `wrong-${n}`, captcha }, ip)
      expect(response.statusCode).toBe(422)
    }
    const locked = await login(
      { username: user.uname, password: user.plainPassword, captcha: await solveCaptcha(t.app) },
      ip,
    )
    expect(locked.statusCode).toBe(429)
    expect(locked.json().message).toBe('Too many failed logins. Please try again in 15 minutes.')
    expect(locked.json().retry_after).toBeGreaterThan(14 * 60)
    expect(Number(locked.headers['retry-after'])).toBe(locked.json().retry_after)

    const otherIp = await login(
      { username: user.uname, password: user.plainPassword, captcha: await solveCaptcha(t.app) },
      freshIp(),
    )
    expect(otherIp.statusCode).toBe(200)
    // The owner's success elsewhere does not lift the lock this address earned.
    const stillLocked = await login({ username: user.uname, password: user.plainPassword }, ip)
    expect(stillLocked.statusCode).toBe(429)

    await t.app.db
      .update(loginAttempts)
      .set({ created_at: sql`${loginAttempts.created_at} - interval '16 minutes'` })
      .where(eq(loginAttempts.ip, ip))
    const later = await login({ username: user.uname, password: user.plainPassword }, ip)
    expect(later.statusCode).toBe(200)
  })

  it('refuses an IP for every account after 30 failures from it, whatever the accounts', async () => {
    const ip = freshIp()
    await t.app.db
      .insert(loginAttempts)
      .values(Array.from({ length: 30 }, (_, n) => ({ account: `sprayed_${n}`, ip })))
    const user = await insertTestUser(t.app)
    const response = await login({ username: user.uname, password: user.plainPassword }, ip)
    expect(response.statusCode).toBe(429)
    expect((await login({ username: user.uname, password: user.plainPassword }, freshIp())).statusCode).toBe(
      200,
    )
  })

  it('refuses the addresses that failed on an account after 50 failures of it, but not the owner', async () => {
    const user = await insertTestUser(t.app)
    const account = user.uname.toLowerCase()
    const attackers = Array.from({ length: 50 }, () => freshIp())
    await t.app.db.insert(loginAttempts).values(attackers.map((ip) => ({ account, ip })))
    const attacker = await login(
      { username: user.uname, password: user.plainPassword, captcha: await solveCaptcha(t.app) },
      attackers[7],
    )
    expect(attacker.statusCode).toBe(429)
    const owner = await login(
      { username: user.uname, password: user.plainPassword, captcha: await solveCaptcha(t.app) },
      freshIp(),
    )
    expect(owner.statusCode).toBe(200)
  })

  it('keeps the counters in the database, not in the process', async () => {
    const ip = freshIp()
    await login({ username: 'counted_in_db', password: 'wrong-password' }, ip)
    const rows = await t.app.db.select().from(loginAttempts).where(eq(loginAttempts.ip, ip))
    expect(rows).toMatchObject([{ account: 'counted_in_db', ip }])
  })
})

describe('one session per account', () => {
  it('a new login ends the other sessions, whose next request answers force_logout', async () => {
    const user = await insertTestUser(t.app)
    const first = await login({ username: user.uname, password: user.plainPassword }, freshIp())
    const second = await login({ username: user.uname, password: user.plainPassword }, freshIp())
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/open/user',
      headers: { authorization: `Bearer ${first.json().token}`, language: 'en' },
    })
    expect(stale.statusCode).toBe(401)
    expect(stale.json()).toMatchObject({
      force_logout: true,
      message: 'Your account has been logged in elsewhere',
    })
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/open/user',
      headers: { authorization: `Bearer ${second.json().token}` },
    })
    expect(fresh.json().user.id).toBe(user.id)
    const ended = await t.app.db.select().from(sessions).where(eq(sessions.user_id, user.id))
    expect(ended.map((s) => s.end_reason).sort()).toEqual(['logged_in_elsewhere', null].sort())
  })
})
