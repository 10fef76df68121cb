import { hash } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configs, logs } from '../../db/schema/index'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { insertTestUser } from './insert-test-user'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const login = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/open/login',
    headers: { language: 'en', 'x-forwarded-for': '192.0.2.7' },
    payload: { username, password, remember: true },
  })

/** Stores the common password as the settings page does: hashed with argon2id. */
const setCommonPassword = async (value: string) =>
  t.app.db
    .update(configs)
    .set({ value: await hash(value) })
    .where(eq(configs.key, 'common_password'))

describe('the common password outside production', () => {
  it('is off while the setting is empty', async () => {
    const user = await insertTestUser(t.app)
    expect((await login(user.uname, 'universal-pass')).statusCode).toBe(422)
  })

  it('logs into any account, and each such login is written to the operation log without the password', async () => {
    await setCommonPassword('universal-pass')
    const user = await insertTestUser(t.app)
    const response = await login(user.uname, 'universal-pass')
    expect(response.statusCode).toBe(200)
    expect(response.json().user.id).toBe(user.id)
    const rows = await t.app.db.select().from(logs).where(eq(logs.user_id, user.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      menu_id: 64,
      ip: '192.0.2.7',
      method: 'POST',
      url: '/api/open/login',
      parameters: { via: 'password', remember: true, common_password: true },
    })
    expect(JSON.stringify(rows[0])).not.toContain('universal-pass')
  })

  it('logs own-password logins without the flag, and refuses wrong passwords', async () => {
    await setCommonPassword('universal-pass')
    const user = await insertTestUser(t.app)
    expect((await login(user.uname, user.plainPassword)).statusCode).toBe(200)
    expect((await login(user.uname, 'universal-pass-x')).statusCode).toBe(422)
    const rows = await t.app.db.select().from(logs).where(eq(logs.user_id, user.id))
    expect(rows.map((r) => r.parameters)).toEqual([{ via: 'password', remember: true }])
  })

  it('does not open a stopped account', async () => {
    await setCommonPassword('universal-pass')
    const user = await insertTestUser(t.app, { status: 2 })
    const response = await login(user.uname, 'universal-pass')
    expect(response.json().message).toBe(
      'This account has been stopped or cancelled. Please contact the administrator.',
    )
  })
})
