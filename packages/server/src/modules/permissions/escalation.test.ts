import { verify } from '@node-rs/argon2'
import { eq, like, or } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admins, configs, logs, menus, users } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../testing/test-app'

/**
 * The ways up the permission ladder, tried as a limited administrator would: every role, permission
 * and back-office user below is made through the API by the super administrator.
 */
let t: TestApp
let root: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  root = await adminClient(t.app)
})
afterAll(() => t.close())

let ipCounter = 0
const freshIp = () => `198.51.100.${++ipCounter}`

async function logIn(username: string, password: string, ip = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/open/login',
    headers: { 'x-forwarded-for': ip, language: 'en' },
    payload: { username, password, remember: false },
  })
}

/** A client for `/api` with the token a real login answered. */
async function clientOf(username: string, password: string): Promise<AdminClient & { token: string }> {
  const response = await logIn(username, password)
  expect(response.statusCode, response.body).toBe(200)
  const token = response.json().token as string
  const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}`, language: 'en' },
      ...(body === undefined ? {} : { payload: body as object }),
    })
  return {
    token,
    request,
    get: (url) => request('GET', url),
    post: (url, body) => request('POST', url, body),
    put: (url, body) => request('PUT', url, body),
    delete: (url, body) => request('DELETE', url, body),
  }
}

/** A role under the super administrator's holding exactly the menu items of these url prefixes. */
async function createRole(name: string, urlPrefixes: string[]): Promise<number> {
  const created = await root.post('/admin/roles', { name, parent_id: 1 })
  expect(created.statusCode, created.body).toBe(201)
  const id = created.json().row.id as number
  const items = await t.app.db
    .select({ id: menus.id })
    .from(menus)
    .where(or(...urlPrefixes.map((prefix) => like(menus.url, `${prefix}%`))))
  const saved = await root.put(`/admin/roles/${id}/permissions`, { menu_ids: items.map((item) => item.id) })
  expect(saved.statusCode, saved.body).toBe(200)
  return id
}

/** A back-office user with a new account holding these roles. */
async function createAdmin(uname: string, roleIds: number[]) {
  const created = await root.post('/admin/admins', {
    uname,
    name: uname,
    password: 'secret-88',
    role_ids: roleIds,
  })
  expect(created.statusCode, created.body).toBe(201)
  return created.json().row as { id: number; user_id: number }
}

const storedUser = async (id: number) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0]
const storedAdmin = async (id: number) => (await t.app.db.select().from(admins).where(eq(admins.id, id)))[0]

describe('an ordinary-users manager', () => {
  let manager: AdminClient
  let secondRoot: { id: number; user_id: number }

  beforeAll(async () => {
    const role = await createRole('Users manager', ['/admin/users'])
    await createAdmin('usermgr01', [role])
    secondRoot = await createAdmin('rootclone1', [1])
    manager = await clientOf('usermgr01', 'secret-88')
  })

  it("cannot set the super administrator's password, e-mail, mobile or status", async () => {
    for (const change of [
      { password: 'taken-over-1' },
      { email: 'mine@example.com' },
      { mobile_phone: '13900139000' },
      { status: 2 },
    ]) {
      expect((await manager.put('/admin/users/1', change)).statusCode, JSON.stringify(change)).toBe(404)
    }
    const admin = await storedUser(1)
    expect(await verify(admin.password, TEST_ADMIN_PASSWORD)).toBe(true)
    expect(admin.status).toBe(1)
    expect((await logIn('admin', 'taken-over-1')).statusCode).toBe(422)
  })

  it('cannot reach an account of a back-office user through import, show, list or export', async () => {
    const imported = await manager.post('/admin/users/import', {
      datas: [{ id: secondRoot.user_id, uname: 'rootclone1', name: 'x', password: 'taken-over-2' }],
    })
    expect(imported.json()).toMatchObject({
      imported: 0,
      errors: [{ error: 'You may not change this record' }],
    })
    expect(await verify((await storedUser(secondRoot.user_id)).password, 'secret-88')).toBe(true)

    expect((await manager.get(`/admin/users/${secondRoot.user_id}`)).statusCode).toBe(404)
    const listed = (await manager.get('/admin/users/list?per_page=200')).json().data as { id: number }[]
    expect(listed.map((row) => row.id)).not.toContain(1)
    expect(listed.map((row) => row.id)).not.toContain(secondRoot.user_id)
    const exported = (await manager.get('/admin/users/excel?per_page=200')).json().data as { id: number }[]
    expect(exported.map((row) => row.id)).not.toContain(secondRoot.user_id)
  })

  it('cannot delete the account of a back-office user', async () => {
    const refused = await manager.delete('/admin/users', { ids: [secondRoot.user_id] })
    expect(refused.json()).toEqual({ deleted: 0 })
    expect((await storedUser(secondRoot.user_id)).deleted_at).toBeNull()
  })

  it("manages ordinary users, and a new password ends the account's sessions", async () => {
    const created = await manager.post('/admin/users', {
      uname: 'plainuser1',
      name: 'Plain',
      password: 'secret-88',
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().row.id
    const session = await logIn('plainuser1', 'secret-88')
    const token = session.json().token
    const whoAmI = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/open/user',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().user
    expect(await whoAmI()).toMatchObject({ id })
    expect((await manager.put(`/admin/users/${id}`, { password: 'reset-by-admin' })).statusCode).toBe(200)
    expect(await whoAmI()).toEqual({})
    expect((await logIn('plainuser1', 'reset-by-admin')).statusCode).toBe(200)
  })
})

describe('a back-office users manager', () => {
  it('cannot demote a super administrator outside their reach, nor change them', async () => {
    const managerRole = await createRole('Admins manager', ['/admin/admins', '/admin/users'])
    await createAdmin('admmgr02', [managerRole])
    const otherRoot = await createAdmin('rootclone2', [1])
    const manager = await clientOf('admmgr02', 'secret-88')

    expect((await manager.delete('/admin/admins', { ids: [otherRoot.id] })).json()).toEqual({ deleted: 0 })
    expect((await storedAdmin(otherRoot.id)).deleted_at).toBeNull()
    expect((await manager.put(`/admin/admins/${otherRoot.id}`, { role_ids: [] })).statusCode).toBe(404)
    const listed = (await manager.get('/admin/admins/list?per_page=200')).json().data as { id: number }[]
    expect(listed.map((row) => row.id)).not.toContain(otherRoot.id)
    // Nor their own record: their roles are not below their own.
    expect(listed).toEqual([])
  })
})

describe('the common password', () => {
  const commonRow = async () =>
    (await t.app.db.select().from(configs).where(eq(configs.key, 'common_password')))[0]

  it('is hidden from a settings manager, who can neither read nor set it', async () => {
    const role = await createRole('Settings manager', ['/admin/configs'])
    await createAdmin('cfgmgr001', [role])
    const manager = await clientOf('cfgmgr001', 'secret-88')
    const { id } = await commonRow()
    const keys = (
      (await manager.get('/admin/configs/list?per_page=200')).json().data as { key: string }[]
    ).map((row) => row.key)
    expect(keys).toContain('site_name')
    expect(keys).not.toContain('common_password')
    expect((await manager.get(`/admin/configs/${id}`)).statusCode).toBe(404)
    expect((await manager.put(`/admin/configs/${id}`, { value: 'open-sesame' })).statusCode).toBe(404)
    const created = await manager.post('/admin/configs', {
      name: 'x',
      key: 'common_password',
      value: 'open-sesame',
      type: 1,
      itype: 1,
    })
    expect(created.statusCode).toBe(403)
    expect((await commonRow()).value).toBe('')
  })

  it('is stored hashed by the super administrator, shown only as set, and never logged', async () => {
    const { id } = await commonRow()
    const saved = await root.put(`/admin/configs/${id}`, { value: 'open-sesame' })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().row.value).toBe('********')
    const stored = (await commonRow()).value
    expect(stored).toMatch(/^\$argon2id\$/)
    expect(await verify(stored, 'open-sesame')).toBe(true)

    const listed = (await root.get('/admin/configs/list?keyword=common_password')).json().data
    expect(listed).toMatchObject([{ key: 'common_password', value: '********' }])
    const exported = JSON.stringify((await root.get('/admin/configs/excel')).json())
    expect(exported).not.toContain('open-sesame')
    expect(exported).not.toContain(stored)

    // Sent back masked (an edit of its name), the value stays.
    await root.put(`/admin/configs/${id}`, { value: '********', name: 'Common password' })
    expect((await commonRow()).value).toBe(stored)

    const logged = JSON.stringify(await t.app.db.select().from(logs))
    expect(logged).not.toContain('open-sesame')
    expect(logged).not.toContain(stored)

    const user = await createAdmin('plainadm01', [])
    const viaCommon = await logIn('plainadm01', 'open-sesame')
    expect(viaCommon.statusCode).toBe(200)
    expect(viaCommon.json().user.id).toBe(user.user_id)

    await root.put(`/admin/configs/${id}`, { value: '' })
    expect((await commonRow()).value).toBe('')
    expect((await logIn('plainadm01', 'open-sesame')).statusCode).toBe(422)
  })
})

describe('changing one’s own password', () => {
  it('counts wrong old passwords like failed logins: 429 after ten', async () => {
    await createAdmin('pwguess01', [])
    const session = await clientOf('pwguess01', 'secret-88')
    const change = (old_password: string) =>
      session.put('/home/personage/password', {
        old_password,
        password: 'new-secret-9',
        password_confirmation: 'new-secret-9',
      })
    for (let n = 0; n < 10; n++) expect((await change(`guess-${n}`)).statusCode).toBe(422)
    const locked = await change('secret-88')
    expect(locked.statusCode).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60)
  })
})
