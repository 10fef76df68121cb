import { verify } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions, users } from '../../db/schema/index'
import { loginAs } from '../../testing/login-as'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { insertTestUser } from '../auth/insert-test-user'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers: { language: 'en', ...headers }, payload })

describe('personal data', () => {
  it('needs a login', async () => {
    const response = await call('GET', '/api/home/personage/index', {})
    expect(response.statusCode).toBe(401)
  })

  it('shows the user their data, never the password', async () => {
    const user = await insertTestUser(t.app, { nickname: 'Bee', signature: 'Hello' })
    const me = await loginAs(t.app, user.id)
    const response = await call('GET', '/web-api/home/personage/index', me.web)
    expect(response.statusCode).toBe(200)
    expect(response.json().user).toMatchObject({
      id: user.id,
      uname: user.uname,
      nickname: 'Bee',
      signature: 'Hello',
    })
    expect(response.body).not.toMatch(/argon2|"password"/)
  })

  it('saves the fields sent and keeps the others', async () => {
    const user = await insertTestUser(t.app, { nickname: 'Kept', email_verified_at: new Date() })
    const me = await loginAs(t.app, user.id)
    const changes = {
      name: '张三',
      avatar: '/uploads/avatar.png',
      email: 'zhang.san@example.com',
      signature: 'Insurance is peace of mind',
      province_id: 110000,
      // A municipality's districts hang directly under it: the district is the city, no zone.
      city_id: 110105,
      zone_id: 0,
      province_name: '北京市',
      city_name: '朝阳区',
      zone_name: '',
      address: '建国路 88 号',
      lng: 116.4716,
      lat: 39.9087,
    }
    const response = await call('POST', '/web-api/home/personage/index', me.web, changes)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      user: { ...changes, nickname: 'Kept' },
      alert: { type: 'success' },
    })
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ ...changes, nickname: 'Kept', uname: user.uname, email_verified_at: null })
  })

  it('checks each field: name letters, e-mail, number, coordinates in range', async () => {
    const user = await insertTestUser(t.app)
    const me = await loginAs(t.app, user.id)
    const response = await call('POST', '/api/home/personage/index', me.api, {
      name: 'R2-D2',
      email: 'not-an-address',
      mobile_phone: '999',
      lng: 181,
      lat: -91,
      province_id: -1,
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().errors).toEqual({
      name: ['The Name field may only contain Chinese or Latin letters'],
      email: ['The Email field must be a valid email'],
      mobile_phone: ['The Mobile phone number field must be a valid mobile phone number'],
      lng: ['The Longitude field must be 180 or less'],
      lat: ['The Latitude field must be -90 or more'],
      province_id: ['The Province field must be 0 or more'],
    })
  })

  it('refuses region ids beyond the id column', async () => {
    const user = await insertTestUser(t.app)
    const me = await loginAs(t.app, user.id)
    const response = await call('POST', '/api/home/personage/index', me.api, { city_id: 2_147_483_648 })
    expect(response.statusCode).toBe(422)
    expect(response.json().errors).toEqual({ city_id: ['The City field must be 2147483647 or less'] })
  })

  it('refuses an e-mail address or number another account uses, but not its own', async () => {
    const other = await insertTestUser(t.app)
    const user = await insertTestUser(t.app, { email_verified_at: new Date() })
    const me = await loginAs(t.app, user.id)
    const taken = await call('POST', '/api/home/personage/index', me.api, {
      email: other.email.toUpperCase(),
      mobile_phone: other.mobile_phone,
    })
    expect(taken.json().errors).toEqual({
      email: ['The Email has already been taken.'],
      mobile_phone: ['The Mobile phone number has already been taken.'],
    })
    const own = await call('POST', '/api/home/personage/index', me.api, {
      email: user.email,
      mobile_phone: user.mobile_phone,
    })
    expect(own.statusCode).toBe(200)
    expect(own.json().user.email_verified_at).not.toBeNull()
  })

  it('serves the admin personal centre to administrators only', async () => {
    const user = await insertTestUser(t.app)
    const plain = await loginAs(t.app, user.id)
    expect((await call('GET', '/api/admin/personage/index', plain.api)).statusCode).toBe(403)
    const admin = await loginAs(t.app, 1)
    const read = await call('GET', '/api/admin/personage/index', admin.api)
    expect(read.json().user).toMatchObject({ id: 1, uname: 'admin' })
    const write = await call('POST', '/web-api/admin/personage/index', admin.web, { nickname: 'Chief' })
    expect(write.json().user.nickname).toBe('Chief')
  })
})

describe('password change', () => {
  it('needs the old password', async () => {
    const user = await insertTestUser(t.app)
    const me = await loginAs(t.app, user.id)
    const response = await call('PUT', '/api/home/personage/password', me.api, {
      old_password: 'not-it',
      password: 'fresh-pass-1',
      password_confirmation: 'fresh-pass-1',
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().errors).toEqual({ old_password: ['The old password is not correct.'] })
  })

  it('changes it and ends the other sessions, keeping the one that changed it', async () => {
    const user = await insertTestUser(t.app)
    const other = await loginAs(t.app, user.id)
    const me = await loginAs(t.app, user.id)
    const response = await call('PUT', '/web-api/home/personage/password', me.web, {
      old_password: user.plainPassword,
      password: 'fresh-pass-1',
      password_confirmation: 'fresh-pass-1',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().alert.message).toBe('Your password has been changed.')
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id))
    expect(await verify(row.password, 'fresh-pass-1')).toBe(true)
    expect((await call('GET', '/api/open/user', other.api)).json().user).toEqual({})
    expect((await call('GET', '/api/open/user', me.api)).json().user.id).toBe(user.id)
    const [ended] = await t.app.db.select().from(sessions).where(eq(sessions.id, other.sessionId))
    expect(ended.end_reason).toBe('password_changed')
  })

  it('checks the new password and its confirmation', async () => {
    const user = await insertTestUser(t.app)
    const me = await loginAs(t.app, user.id)
    const response = await call('PUT', '/api/home/personage/password', me.api, {
      old_password: user.plainPassword,
      password: 'short',
      password_confirmation: 'other',
    })
    expect(response.json().errors).toEqual({
      password: ['The Password field must be between 6 and 18'],
      password_confirmation: ['The Confirm password field confirmation does not match'],
    })
  })

  it('works the same for administrators under /admin', async () => {
    const admin = await loginAs(t.app, 1)
    const response = await call('PUT', '/api/admin/personage/password', admin.api, {
      old_password: 'admin-secret-123',
      password: 'admin-secret-456',
      password_confirmation: 'admin-secret-456',
    })
    expect(response.statusCode).toBe(200)
  })
})
