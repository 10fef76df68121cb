import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let admin: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
  await admin.post('/admin/banks', { name: 'Logged', full_name: 'Logged Bank' })
})
afterAll(() => t.close())

describe('the operation log resource', () => {
  it('lists entries with the operator and the menu item named', async () => {
    const body = (await admin.get('/admin/logs/list?method=POST&url=banks')).json()
    expect(body.data[0]).toMatchObject({
      user_id: 1,
      user_name: 'Administrator',
      menu_id: 88,
      menu_name: 'Create bank',
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
    const [entry] = (await admin.get('/admin/logs/list?method=POST')).json().data
    expect((await admin.get(`/admin/logs/${entry.id}`)).json().row.id).toBe(entry.id)
    expect((await admin.get('/admin/logs/excel')).json().data.length).toBeGreaterThan(0)
    expect((await admin.delete('/admin/logs', { ids: [entry.id] })).json()).toEqual({ deleted: 1 })
    expect((await admin.get(`/admin/logs/${entry.id}`)).statusCode).toBe(404)
  })
})
