import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { logs } from '../../db/schema/index'
import { MASKED } from '../../resource/record-changes'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { insertFirm } from '../../resource/testing/factories'
import { loginAs } from '../../testing/login-as'
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../testing/test-app'

let t: TestApp
let admin: AdminClient

beforeAll(async () => {
  t = await createTestApp()
})
// A session of each test's own: the login test ends the administrator's other sessions.
beforeEach(async () => {
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

/** The newest log entry of a request address. */
async function lastLogOf(url: string) {
  const [entry] = await t.app.db.select().from(logs).where(eq(logs.url, url)).orderBy(desc(logs.id)).limit(1)
  return entry
}

describe('the operation log resource', () => {
  it("lists entries with the operator and the menu item (a resource and its action) in the reader's language", async () => {
    expect((await admin.post('/admin/banks', { name: 'Logged', full_name: 'Logged Bank' })).statusCode).toBe(
      201,
    )
    const body = (await admin.get('/admin/logs/list?method=POST&url=banks')).json()
    expect(body.data[0]).toMatchObject({
      user_id: 1,
      user_name: '管理员',
      menu_id: 88,
      menu_name: '银行管理 · 新建',
      url: '/api/admin/banks',
      parameters: { name: 'Logged', full_name: 'Logged Bank' },
    })
  })

  it('is read-only: no create, update or import routes', async () => {
    expect((await admin.post('/admin/logs', { location: 'forged' })).statusCode).toBe(404)
    expect((await admin.put('/admin/logs/1', { location: 'forged' })).statusCode).toBe(404)
    expect((await admin.post('/admin/logs/import', { datas: [] })).statusCode).toBe(404)
    expect((await admin.get('/admin/logs')).json().actions).toEqual(['list', 'export', 'show', 'delete'])
  })

  it('shows, exports and deletes old entries', async () => {
    expect((await admin.post('/admin/banks', { name: 'Shown', full_name: 'Shown Bank' })).statusCode).toBe(
      201,
    )
    const [entry] = (await admin.get('/admin/logs/list?method=POST')).json().data
    expect((await admin.get(`/admin/logs/${entry.id}`)).json().row.id).toBe(entry.id)
    expect((await admin.get('/admin/logs/excel')).json().data.length).toBeGreaterThan(0)
    expect((await admin.delete('/admin/logs', { ids: [entry.id] })).json()).toEqual({ deleted: 1 })
    expect((await admin.get(`/admin/logs/${entry.id}`)).statusCode).toBe(404)
  })
})

describe('what an update leaves in the log', () => {
  it('keeps the changed fields before and after, links included, and nothing unchanged', async () => {
    const firm = await insertFirm(t.app.db, { name: 'Before Life', order: 3 })
    const response = await admin.put(`/admin/firms/${firm.id}`, {
      name: 'After Life',
      order: 3,
      bank_ids: [1],
    })
    expect(response.statusCode, response.body).toBe(200)
    const entry = await lastLogOf(`/api/admin/firms/${firm.id}`)
    expect(entry.changes).toEqual({
      name: { before: 'Before Life', after: 'After Life' },
      bank_ids: { before: [], after: [1] },
    })
    const shown = (await admin.get(`/admin/logs/${entry.id}`)).json().row
    expect(shown.changes).toEqual(entry.changes)
    expect(shown).toMatchObject({ menu_name: '保险公司 · 编辑' })
  })

  it('masks a changed password, before and after, and keeps it out of the parameters', async () => {
    const created = (
      await admin.post('/admin/agent-systems', {
        name: 'Portal',
        full_name: 'Portal Ltd',
        password: 'first-pass',
      })
    ).json().row
    await admin.put(`/admin/agent-systems/${created.id}`, { user_name: 'agent7', password: 'second-pass' })
    const entry = await lastLogOf(`/api/admin/agent-systems/${created.id}`)
    expect(entry.changes).toEqual({
      user_name: { before: '', after: 'agent7' },
      password: { before: MASKED, after: MASKED },
    })
    expect(JSON.stringify(entry)).not.toMatch(/first-pass|second-pass/)
    expect(entry.parameters).toEqual({ id: created.id, user_name: 'agent7' })
  })

  it('records an update that changed nothing as no change, and a create without changes', async () => {
    const firm = await insertFirm(t.app.db, { name: 'Steady' })
    await admin.put(`/admin/firms/${firm.id}`, { name: 'Steady' })
    expect((await lastLogOf(`/api/admin/firms/${firm.id}`)).changes).toEqual({})
    expect((await lastLogOf('/api/admin/banks')).changes).toBeNull()
  })
})

describe('where the caller was', () => {
  it("fills the location from the caller's address, '--' for a private one", async () => {
    const { api } = await loginAs(t.app, 1)
    const from = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/banks',
        headers: { ...api, 'x-forwarded-for': ip },
        payload: { name: `Bank ${ip}`, full_name: `Bank from ${ip}` },
      })
    expect((await from('114.114.114.114')).statusCode).toBe(201)
    expect((await from('192.168.3.4')).statusCode).toBe(201)
    const rows = await t.app.db
      .select({ ip: logs.ip, location: logs.location })
      .from(logs)
      .where(and(eq(logs.url, '/api/admin/banks'), eq(logs.method, 'POST')))
      .orderBy(desc(logs.id))
      .limit(2)
    expect(rows).toEqual([
      { ip: '192.168.3.4', location: '--' },
      { ip: '114.114.114.114', location: '中国 江苏 南京' },
    ])
  })

  it('fills the location of a login', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/open/login',
      headers: { 'x-forwarded-for': '58.246.0.1' },
      payload: { username: 'admin', password: TEST_ADMIN_PASSWORD },
    })
    expect(response.statusCode, response.body).toBe(200)
    const [entry] = await t.app.db
      .select()
      .from(logs)
      .where(eq(logs.menu_id, 64))
      .orderBy(desc(logs.id))
      .limit(1)
    expect(entry).toMatchObject({ ip: '58.246.0.1', location: '中国 上海' })
  })
})
