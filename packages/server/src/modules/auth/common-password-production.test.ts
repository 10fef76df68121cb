import { hash } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configs, logs } from '../../db/schema/index'
import { adminClient } from '../../resource/testing/admin-client'
import { createTestApp, csrfSession, type TestApp } from '../../testing/test-app'
import { insertTestUser } from './insert-test-user'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { APP_ENV: 'production', APP_KEY: 'p'.repeat(40) } })
})
afterAll(() => t.close())

describe('in production', () => {
  it('refuses the common password like any wrong password, and logs nothing', async () => {
    await t.app.db
      .update(configs)
      .set({ value: await hash('universal-pass') })
      .where(eq(configs.key, 'common_password'))
    const user = await insertTestUser(t.app)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/open/login',
      headers: { language: 'en' },
      payload: { username: user.uname, password: 'universal-pass' },
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().message).toBe('These credentials do not match our records.')
    expect(await t.app.db.select().from(logs).where(eq(logs.user_id, user.id))).toEqual([])
  })

  it('refuses to set the common password', async () => {
    const [row] = await t.app.db.select().from(configs).where(eq(configs.key, 'common_password'))
    const root = await adminClient(t.app)
    const refused = await root.put(`/admin/configs/${row.id}`, { value: 'another-pass' })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors.value).toEqual(['生产环境不接受通用密码'])
  })

  it('marks the session cookie Secure', async () => {
    const user = await insertTestUser(t.app)
    const csrf = await csrfSession(t.app)
    const response = await t.app.inject({
      method: 'POST',
      url: '/web-api/open/login',
      headers: { cookie: csrf.cookie, 'x-csrf-token': csrf.token },
      payload: { username: user.uname, password: user.plainPassword },
    })
    expect(response.statusCode).toBe(200)
    expect(response.cookies.find((c) => c.name === 'Authorization')).toMatchObject({
      secure: true,
      httpOnly: true,
    })
  })
})
