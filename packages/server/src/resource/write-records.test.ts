import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { banks, firms, logs } from '../db/schema/index'
import { banksBinding } from '../modules/banks/banks.resource'
import { loginAs } from '../testing/login-as'
import { createTestApp, type TestApp } from '../testing/test-app'
import { type AdminClient, adminClient } from './testing/admin-client'
import { insertLimitedAdmin } from './testing/factories'
import { createRecord } from './write-records'

let t: TestApp
let admin: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

const lastLog = async () => (await t.app.db.select().from(logs).orderBy(desc(logs.id)).limit(1))[0]
const firmInput = {
  name: 'Sunshine',
  full_name: 'Sunshine Life Insurance Co., Ltd.',
  type: 1,
  bank_ids: [1, 2],
}

describe('show, create, update, delete', () => {
  it('creates a record, answers it with 201, and shows it', async () => {
    const created = await admin.post('/admin/firms', firmInput)
    expect(created.statusCode, created.body).toBe(201)
    const row = created.json().row
    expect(row).toMatchObject({ name: 'Sunshine', type: 1, bank_ids: [1, 2], products_count: 0, order: 0 })
    const shown = await admin.get(`/admin/firms/${row.id}`)
    expect(shown.json().row).toEqual(row)
  })

  it('answers the defaults of a new record for id "create" or 0', async () => {
    for (const id of ['create', '0']) {
      const body = (await admin.get(`/admin/firms/${id}`)).json()
      expect(body.row).toMatchObject({
        id: 0,
        name: '',
        type: 1,
        receipt_tpl_type: 1,
        bank_ids: [],
        password_rule: 0,
      })
    }
    expect((await admin.get('/admin/firms/abc')).statusCode).toBe(404)
    expect((await admin.get('/admin/firms/987654')).statusCode).toBe(404)
  })

  it('updates only the fields given', async () => {
    const { row } = (await admin.post('/admin/firms', firmInput)).json()
    const updated = await admin.put(`/admin/firms/${row.id}`, { name: 'Sunrise', bank_ids: [3] })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json().row).toMatchObject({
      name: 'Sunrise',
      full_name: firmInput.full_name,
      bank_ids: [3],
    })
  })

  it('checks rules across fields against the stored record on update', async () => {
    const { row } = (await admin.post('/admin/firms', firmInput)).json()
    const refused = await admin.put(`/admin/firms/${row.id}`, { password_rule: 2 })
    expect(refused.statusCode).toBe(422)
    expect(Object.keys(refused.json().errors)).toEqual(['default_password'])
    const accepted = await admin.put(`/admin/firms/${row.id}`, {
      password_rule: 2,
      default_password: '888888',
    })
    expect(accepted.statusCode).toBe(200)
  })

  it('soft-deletes: the row stays, lists and shows no longer see it', async () => {
    const { row } = (await admin.post('/admin/firms', { ...firmInput, name: 'Doomed' })).json()
    const deleted = await admin.delete('/admin/firms', { ids: [row.id, 424242] })
    expect(deleted.json()).toEqual({ deleted: 1 })
    const [stored] = await t.app.db.select().from(firms).where(eq(firms.id, row.id))
    expect(stored.deleted_at).toBeInstanceOf(Date)
    expect((await admin.get(`/admin/firms/${row.id}`)).statusCode).toBe(404)
    expect((await admin.put(`/admin/firms/${row.id}`, { name: 'x' })).statusCode).toBe(404)
    const list = (await admin.get('/admin/firms/list?name=Doomed')).json()
    expect(list.data).toEqual([])
    expect((await admin.delete('/admin/firms', { ids: [] })).statusCode).toBe(422)
  })
})

describe('the operation log', () => {
  it('records each write with its menu item, user, address, ip and parameters', async () => {
    const created = await admin.post('/admin/firms', { ...firmInput, default_password: 'secret-1' })
    const log = await lastLog()
    expect(log).toMatchObject({
      menu_id: 96,
      user_id: 1,
      method: 'POST',
      location: '--',
      url: '/api/admin/firms',
    })
    expect(log.parameters).toMatchObject({ name: 'Sunshine', bank_ids: [1, 2] })
    expect(JSON.stringify(log.parameters)).not.toContain('secret-1')

    const id = created.json().row.id
    await admin.put(`/admin/firms/${id}`, { order: 3 })
    expect(await lastLog()).toMatchObject({ menu_id: 97, method: 'PUT', parameters: { id, order: 3 } })
    await admin.delete('/admin/firms', { ids: [id] })
    expect(await lastLog()).toMatchObject({ menu_id: 98, method: 'DELETE', parameters: { ids: [id] } })
  })

  it('is written in the same transaction as the change: no log, no change', async () => {
    const ctx = {
      db: t.app.db,
      language: 'en' as const,
      env: 'testing' as const,
      appKey: t.app.appKey,
      userId: 2 ** 40, // out of the column's range: the log insert fails
      roleIds: [1],
      ip: '127.0.0.1',
      method: 'POST',
      url: '/api/admin/banks',
      menuUrl: '/admin/banks',
      settings: t.app.settings,
    }
    await expect(
      createRecord({ ctx, binding: banksBinding, input: { name: 'Atomic', full_name: 'Atomic' } }),
    ).rejects.toThrow()
    expect(await t.app.db.select().from(banks).where(eq(banks.name, 'Atomic'))).toEqual([])
  })

  it('writes nothing when the write fails', async () => {
    const before = await lastLog()
    expect((await admin.post('/admin/firms', { name: '' })).statusCode).toBe(422)
    expect((await admin.put('/admin/firms/31337', { name: 'x' })).statusCode).toBe(404)
    expect((await lastLog()).id).toBe(before.id)
  })
})

describe('validation answers', () => {
  it('names each bad field (a missing linked record too), worded in the caller language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/firms',
      headers: { ...(await loginAs(t.app, 1)).api, language: 'en' },
      payload: { name: '', full_name: 'x'.repeat(300), type: 8, url: 'www.example.com', bank_ids: [999] },
    })
    expect(response.statusCode).toBe(422)
    const errors = response.json().errors
    expect(Object.keys(errors).sort()).toEqual(['bank_ids', 'full_name', 'name', 'type', 'url'])
    expect(errors.name[0]).toBe('The Name field is required')
    expect(errors.full_name[0]).toContain('255')
  })

  it('refuses links to records that do not exist', async () => {
    const response = await admin.post('/admin/firms', { ...firmInput, bank_ids: [1, 999] })
    expect(response.statusCode).toBe(422)
    expect(Object.keys(response.json().errors)).toEqual(['bank_ids'])
  })
})

describe('ids and references beyond the id column', () => {
  it('refuse a delete whose ids are not record ids, deleting nothing', async () => {
    for (const ids of [[2_147_483_648], ['2147483648'], '2147483648', [true], [[1]], { 0: 1 }, [1.5]]) {
      const response = await admin.delete('/admin/banks', { ids })
      expect(response.statusCode, JSON.stringify(ids)).toBe(422)
    }
    const [bank] = await t.app.db.select().from(banks).where(eq(banks.id, 1))
    expect(bank.deleted_at).toBeNull()
  })

  it('refuse references and links beyond the id column with a 422 on the field', async () => {
    const firm = await admin.post('/admin/firms', {
      ...firmInput,
      name: 'Far banks',
      bank_ids: [2_147_483_648],
    })
    expect(firm.statusCode).toBe(422)
    expect(Object.keys(firm.json().errors)).toEqual(['bank_ids'])
    const node = await admin.post('/admin/classifys', { name: 'Far parent', parent_id: 2_147_483_648 })
    expect(node.statusCode).toBe(422)
    expect(Object.keys(node.json().errors)).toEqual(['parent_id'])
  })
})

describe('permissions', () => {
  it('answers 403 to an administrator whose role lacks the route, and lists only allowed actions', async () => {
    const { user } = await insertLimitedAdmin(t.app.db, [
      { url: '/admin/firms', method: 1 },
      { url: '/admin/firms/list', method: 1 },
    ])
    const clerk = await adminClient(t.app, user.id)
    expect((await clerk.get('/admin/firms/list')).statusCode).toBe(200)
    expect((await clerk.post('/admin/firms', firmInput)).statusCode).toBe(403)
    expect((await clerk.get('/admin/firms/excel')).statusCode).toBe(403)
    expect((await clerk.get('/admin/banks/list')).statusCode).toBe(403)
    const page = await clerk.get('/admin/firms')
    expect(page.statusCode).toBe(200)
    expect(page.json().actions).toEqual(['list'])
    expect((await admin.get('/admin/firms')).json().actions).toEqual([
      'list',
      'export',
      'import',
      'show',
      'create',
      'update',
      'delete',
    ])
  })

  it('needs the CSRF token on /web-api writes', async () => {
    const { web } = await loginAs(t.app, 1)
    const withToken = await t.app.inject({
      method: 'POST',
      url: '/web-api/admin/banks',
      headers: web,
      payload: { name: 'Web', full_name: 'Web Bank' },
    })
    expect(withToken.statusCode).toBe(201)
    const withoutToken = await t.app.inject({
      method: 'POST',
      url: '/web-api/admin/banks',
      headers: { cookie: web.cookie },
      payload: { name: 'Web', full_name: 'Web Bank' },
    })
    expect(withoutToken.statusCode).toBe(419)
  })
})

describe('page data', () => {
  it('answers the fields, columns, filters and option sets of a resource', async () => {
    const body = (await admin.get('/admin/firms')).json()
    expect(body).toMatchObject({
      resource: 'firms',
      url: '/admin/firms',
      per_page: 15,
      default_sort: '-id',
      tree: false,
    })
    expect(body.per_page_options).toEqual([10, 15, 20, 30, 50, 100, 200])
    expect(body.columns).toContain('products_count')
    expect(body.fields.find((f: { name: string }) => f.name === 'type')).toMatchObject({
      input: 'checkbox',
      required: true,
      filter: 'bits',
      label: 'fields.type',
    })
    expect(body.options.type).toEqual([
      { value: 1, label: 'options.firms.type.life' },
      { value: 2, label: 'options.firms.type.property' },
    ])
    expect(body.options.bank_ids).toContainEqual({ value: 1, label: '工商银行' })
    expect(body.filters.find((f: { name: string }) => f.name === 'keyword')).toMatchObject({
      kind: 'keyword',
      fields: ['name', 'full_name'],
    })
    expect(body.defaults).toMatchObject({ type: 1, bank_ids: [] })
  })
})
