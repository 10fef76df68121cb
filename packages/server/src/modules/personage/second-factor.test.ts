import { eq, sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminRole, admins, logs, menuRole, roles, totpRecoveryCodes, users } from '../../db/schema/index'
import { adminClient } from '../../resource/testing/admin-client'
import { loginAs } from '../../testing/login-as'
import { setSetting } from '../../testing/set-setting'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { insertTestUser } from '../auth/insert-test-user'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

let ipCounter = 0
const freshIp = () => `10.24.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

/** A code of the secret `offset` steps of 30 s from now (each code is accepted once, later steps after). */
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 30_000 })

function login(payload: Record<string, unknown>, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/open/login',
    headers: { language: 'en', 'x-forwarded-for': ip },
    payload,
  })
}

/** A user with two-factor login turned on: the secret and the recovery codes. */
async function userWithTotp() {
  const user = await insertTestUser(t.app)
  const me = await loginAs(t.app, user.id)
  const call = (method: 'POST' | 'PUT' | 'DELETE', payload?: object) =>
    t.app.inject({
      method,
      url: '/api/home/personage/totp',
      headers: me.api,
      ...(payload ? { payload } : {}),
    })
  const started = await call('POST')
  expect(started.statusCode, started.body).toBe(200)
  const { secret } = started.json()
  const enabled = await call('PUT', { code: codeOf(secret) })
  expect(enabled.statusCode, enabled.body).toBe(200)
  return { user, me, secret, call, recoveryCodes: enabled.json().recovery_codes as string[] }
}

describe('two-factor login (TOTP)', () => {
  it('enrols: a secret, its otpauth address and QR code; a code turns it on with 10 hashed recovery codes', async () => {
    const user = await insertTestUser(t.app)
    const me = await loginAs(t.app, user.id)
    const started = await t.app.inject({ method: 'POST', url: '/api/home/personage/totp', headers: me.api })
    const body = started.json()
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(body.otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]{32}/)
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/)
    const [stored] = await t.app.db.select().from(users).where(eq(users.id, user.id))
    expect(stored.totp_secret).toBeNull()
    expect(stored.totp_pending_secret).not.toContain(body.secret)

    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/home/personage/totp',
      headers: { ...me.api, language: 'en' },
      payload: { code: codeOf(body.secret) === '000000' ? '111111' : '000000' },
    })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().errors.code).toEqual(['The code is wrong or has already been used.'])

    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/home/personage/totp',
      headers: me.api,
      payload: { code: codeOf(body.secret) },
    })
    expect(on.statusCode, on.body).toBe(200)
    const codes = on.json().recovery_codes as string[]
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    const kept = await t.app.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.user_id, user.id))
    expect(kept).toHaveLength(10)
    for (const row of kept) expect(codes.map((c) => c.replace('-', ''))).not.toContain(row.code_hash)
    const [entry] = await t.app.db
      .select()
      .from(logs)
      .where(eq(logs.user_id, user.id))
      .orderBy(sql`${logs.id} desc`)
      .limit(1)
    expect(entry).toMatchObject({ method: 'PUT', parameters: { totp: 'on' } })
    expect(JSON.stringify(entry.parameters)).not.toMatch(/\d{6}/)
    const shown = await t.app.inject({ method: 'GET', url: '/api/home/personage/index', headers: me.api })
    expect(shown.json().user.totp_enabled).toBe(true)
    expect(shown.body).not.toContain(body.secret)
  })

  it('asks for the code at login (422 errors.totp), accepts a current one once, and a recovery code once', async () => {
    const { user, secret, recoveryCodes } = await userWithTotp()
    const ip = freshIp()
    const credentials = { username: user.uname, password: user.plainPassword }
    const missing = await login(credentials, ip)
    expect(missing.statusCode).toBe(422)
    expect(missing.json().errors.totp).toEqual(['Enter the code of your authenticator app.'])
    const code = codeOf(secret, 1)
    const ok = await login({ ...credentials, totp: code }, ip)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().user).toMatchObject({ id: user.id, totp_enabled: true })
    expect((await login({ ...credentials, totp: code }, ip)).statusCode).toBe(422)
    const recovered = await login({ ...credentials, totp: recoveryCodes[0].toUpperCase() }, ip)
    expect(recovered.statusCode, recovered.body).toBe(200)
    expect((await login({ ...credentials, totp: recoveryCodes[0] }, ip)).statusCode).toBe(422)
  })

  it('counts wrong codes as failed logins: the captcha after three', async () => {
    const { user } = await userWithTotp()
    const ip = freshIp()
    const answers = []
    for (let n = 0; n < 3; n++)
      answers.push(await login({ username: user.uname, password: user.plainPassword, totp: '000001' }, ip))
    expect(answers.map((a) => a.statusCode)).toEqual([422, 422, 422])
    expect(answers[2].json().captcha_required).toBe(true)
  })

  it('turns off with the password or a code; a wrong password is refused', async () => {
    const { call, user } = await userWithTotp()
    const wrong = await call('DELETE', { password: 'not-the-password' })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().errors.password).toBeTruthy()
    expect((await call('DELETE', {})).statusCode).toBe(422)
    const off = await call('DELETE', { password: user.plainPassword })
    expect(off.statusCode, off.body).toBe(200)
    const [stored] = await t.app.db.select().from(users).where(eq(users.id, user.id))
    expect(stored).toMatchObject({ totp_secret: null, totp_enabled_at: null })
    expect(
      await t.app.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.user_id, user.id)),
    ).toEqual([])
    expect((await login({ username: user.uname, password: user.plainPassword }, freshIp())).statusCode).toBe(
      200,
    )
  })

  it('lets the super administrator alone reset an account’s second factor, logged', async () => {
    const { user } = await userWithTotp()
    const admin = await adminClient(t.app)
    const reset = await admin.delete(`/admin/users/${user.id}/totp`)
    expect(reset.statusCode, reset.body).toBe(200)
    expect(reset.json()).toMatchObject({ id: user.id, was_enabled: true })
    const [stored] = await t.app.db.select().from(users).where(eq(users.id, user.id))
    expect(stored.totp_secret).toBeNull()
    const [entry] = await t.app.db.select().from(logs).orderBy(sql`${logs.id} desc`).limit(1)
    expect(entry).toMatchObject({ user_id: 1, method: 'DELETE', parameters: { id: user.id, totp: 'reset' } })
    expect((await admin.delete('/admin/users/99999999/totp')).statusCode).toBe(404)
    // An administrator whose role holds the item, but who is not the super administrator, may not.
    const other = await insertTestUser(t.app)
    const [role] = await t.app.db.insert(roles).values({ name: 'TOTP resetters', parent_id: 1 }).returning()
    const [record] = await t.app.db.insert(admins).values({ user_id: other.id }).returning()
    await t.app.db.insert(adminRole).values({ admin_id: record.id, role_id: role.id })
    await t.app.db.insert(menuRole).values([9, 404].map((menu_id) => ({ role_id: role.id, menu_id })))
    const refused = await (await adminClient(t.app, other.id)).delete(`/admin/users/${user.id}/totp`)
    expect(refused.statusCode).toBe(403)
  })

  it('leads an administrator without it to enrolment when the settings require it', async () => {
    await setSetting(t.app, 'totp_required_for_admins', '1')
    try {
      const me = await loginAs(t.app, 1)
      const user = await t.app.inject({ method: 'GET', url: '/api/open/user', headers: me.api })
      expect(user.json().user.security_step).toBe('totp')
      const refused = await t.app.inject({ method: 'GET', url: '/api/admin/firms/list', headers: me.api })
      expect(refused.statusCode).toBe(403)
      expect(refused.json().redirect).toBe('/home/personage/security')
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/admin/personage/totp',
        headers: me.api,
      })
      expect(started.statusCode).toBe(200)
      const on = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/personage/totp',
        headers: me.api,
        payload: { code: codeOf(started.json().secret) },
      })
      expect(on.statusCode, on.body).toBe(200)
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/admin/firms/list', headers: me.api })).statusCode,
      ).toBe(200)
      // An ordinary user is not asked.
      const plain = await insertTestUser(t.app)
      const theirs = await loginAs(t.app, plain.id)
      const answer = await t.app.inject({ method: 'GET', url: '/api/open/user', headers: theirs.api })
      expect(answer.json().user.security_step).toBeNull()
    } finally {
      await setSetting(t.app, 'totp_required_for_admins', '0')
      await t.app.db
        .update(users)
        .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null })
        .where(eq(users.id, 1))
    }
  })
})
