import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { passwordHistory, smsOutbox, users } from '../../db/schema/index'
import { adminClient } from '../../resource/testing/admin-client'
import { loginAs } from '../../testing/login-as'
import { setSetting } from '../../testing/set-setting'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { solveCaptcha } from '../captcha/solve-captcha'
import { insertTestUser } from './insert-test-user'
import { type PasswordPolicy, passwordExpired, passwordRuleIssues } from './password-policy'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const STRICT = {
  password_min_length: '10',
  password_character_classes: '3',
  password_not_account_name: '1',
  password_history: '3',
}
async function strictPolicy() {
  for (const [key, value] of Object.entries(STRICT)) await setSetting(t.app, key, value)
}
afterEach(async () => {
  await setSetting(t.app, 'password_min_length', '6')
  await setSetting(t.app, 'password_character_classes', '1')
  await setSetting(t.app, 'password_not_account_name', '0')
  await setSetting(t.app, 'password_history', '0')
  await setSetting(t.app, 'password_expiry_days', '0')
})

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: { language: 'en' }, payload })

async function lastCodeSentTo(mobile: string): Promise<string> {
  for (let n = 0; n < 50; n++) {
    const [sms] = await t.app.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.mobile, mobile))
      .orderBy(desc(smsOutbox.id))
      .limit(1)
    const code = sms?.content.match(/\b(\d{6})\b/)?.[1]
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no code sent to ${mobile}`)
}

describe('the password rules', () => {
  const policy: PasswordPolicy = {
    minLength: 10,
    classes: 3,
    notAccountName: true,
    history: 0,
    expiryDays: 90,
  }
  it('name each rule a password breaks', () => {
    const keys = (password: string) =>
      passwordRuleIssues(policy, password, {
        uname: 'zhangsan',
        email: 'zs@example.com',
        mobile_phone: '13800138000',
      }).map((issue) => issue.key)
    expect(keys('short')).toEqual(['validations.messages.min', 'validations.messages.password_classes'])
    expect(keys('Zhangsan-2024')).toEqual(['validations.messages.password_account_name'])
    expect(keys('x13800138000Y')).toEqual(['validations.messages.password_account_name'])
    expect(keys('Harbour-Light-7')).toEqual([])
  })
  it('expire a password past the days, never with 0 days', () => {
    const old = new Date(Date.now() - 91 * 86_400_000)
    expect(passwordExpired(policy, old)).toBe(true)
    expect(passwordExpired(policy, new Date())).toBe(false)
    expect(passwordExpired({ ...policy, expiryDays: 0 }, old)).toBe(false)
  })
})

describe('the password policy, wherever a password is set', () => {
  it('personal change: length, kinds, account name and the last passwords', async () => {
    await strictPolicy()
    const user = await insertTestUser(t.app, { password: 'First-Pass-01' })
    const me = await loginAs(t.app, user.id)
    const change = (password: string, old = 'First-Pass-01') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/home/personage/password',
        headers: { ...me.api, language: 'en' },
        payload: { old_password: old, password, password_confirmation: password },
      })
    const weak = await change('alllowercase')
    expect(weak.statusCode).toBe(422)
    expect(weak.json().errors.password).toEqual([
      'The Password must mix at least 3 of these: lower-case letters, capitals, digits, symbols',
    ])
    expect((await change(`${user.uname}-X1`)).json().errors.password[0]).toMatch(/account name/)
    expect((await change('First-Pass-01')).json().errors.password).toEqual([
      'The Password may not be one of the last 3 passwords of the account',
    ])
    expect((await change('Second-Pass-02')).statusCode).toBe(200)
    expect((await change('First-Pass-01', 'Second-Pass-02')).statusCode).toBe(422)
    const history = await t.app.db.select().from(passwordHistory).where(eq(passwordHistory.user_id, user.id))
    expect(history).toHaveLength(2)
    expect(history.every((row) => row.password.startsWith('$argon2'))).toBe(true)
  })

  it('registration: refused before the code is used, which then still works', async () => {
    await strictPolicy()
    const mobile = '15899990001'
    await post('/open/register/send', { mobile_phone: mobile, captcha: await solveCaptcha(t.app) })
    const code = await lastCodeSentTo(mobile)
    const form = (password: string) => ({
      uname: 'policy_reg1',
      password,
      password_confirmation: password,
      mobile_phone: mobile,
      code,
      agreement: true,
    })
    const weak = await post('/open/register', form('weakpass'))
    expect(weak.statusCode).toBe(422)
    expect(Object.keys(weak.json().errors)).toEqual(['password'])
    expect((await post('/open/register', form('Strong-Pass-9'))).statusCode).toBe(200)
  })

  it('reset by code: refused without using the code up', async () => {
    await strictPolicy()
    const user = await insertTestUser(t.app, { password: 'Old-Password-1' })
    await post('/open/forgot-password/send-sms', {
      mobile_phone: user.mobile_phone,
      captcha: await solveCaptcha(t.app),
    })
    const code = await lastCodeSentTo(user.mobile_phone)
    const reset = (password: string) =>
      post('/open/forgot-password/reset-password', {
        mobile_phone: user.mobile_phone,
        code,
        password,
        password_confirmation: password,
      })
    const reused = await reset('Old-Password-1')
    expect(reused.statusCode).toBe(422)
    expect(reused.json().errors.password[0]).toMatch(/last 3 passwords/)
    expect((await reset('New-Password-2')).statusCode).toBe(200)
  })

  it('an administrator’s form and import', async () => {
    await strictPolicy()
    const admin = await adminClient(t.app)
    const created = await admin.post('/admin/users', {
      uname: 'policy_adm1',
      name: 'P',
      password: 'weakpass',
    })
    expect(created.statusCode).toBe(422)
    expect(Object.keys(created.json().errors)).toEqual(['password'])
    const good = await admin.post('/admin/users', {
      uname: 'policy_adm2',
      name: 'P',
      password: 'Good-Pass-123',
    })
    expect(good.statusCode, good.body).toBe(201)
    const id = good.json().row.id
    expect((await admin.put(`/admin/users/${id}`, { password: 'Good-Pass-123' })).statusCode).toBe(422)
    const imported = await admin.post('/admin/users/import', {
      datas: [
        { uname: 'policy_imp1', name: 'I', password: 'weak' },
        { uname: 'policy_imp2', name: 'I', password: 'Imported-Pass-4' },
      ],
    })
    expect(imported.json()).toMatchObject({ imported: 1, errors: [{ uname: 'policy_imp1' }] })
    const admins = await admin.post('/admin/admins', {
      user_id: 0,
      uname: 'policy_adm3',
      name: 'A',
      password: 'weakpass',
      role_ids: [],
    })
    expect(admins.statusCode).toBe(422)
    expect(Object.keys(admins.json().errors)).toEqual(['password'])
  })

  it('an expired password must be changed before anything else', async () => {
    await setSetting(t.app, 'password_expiry_days', '90')
    const user = await insertTestUser(t.app, { password: 'Aged-Pass-01' })
    await t.app.db
      .update(users)
      .set({ password_changed_at: sql`now() - interval '100 days'` })
      .where(eq(users.id, user.id))
    const login = await post('/open/login', { username: user.uname, password: 'Aged-Pass-01' })
    expect(login.json().user.security_step).toBe('password')
    const headers = { authorization: `Bearer ${login.json().token}`, language: 'en' }
    const refused = await t.app.inject({ method: 'GET', url: '/api/home/messages', headers })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({
      redirect: '/home/personage/password',
      message: 'Your password has expired. Please change it first.',
    })
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/home/personage/password',
      headers,
      payload: {
        old_password: 'Aged-Pass-01',
        password: 'Fresh-Pass-02',
        password_confirmation: 'Fresh-Pass-02',
      },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const after = await t.app.inject({ method: 'GET', url: '/api/open/user', headers })
    expect(after.json().user.security_step).toBeNull()
  })
})
