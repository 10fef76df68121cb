import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { insertFirm, insertProduct, insertProductParents } from '../../resource/testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let admin: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

describe('insurance companies', () => {
  it('counts each company’s live products and long-term products with the page', async () => {
    const db = t.app.db
    const parents = await insertProductParents(db)
    const busy = await insertFirm(db, { name: 'Busy' })
    const idle = await insertFirm(db, { name: 'Idle' })
    for (const is_long_time of [1, 1, 0])
      await insertProduct(db, { ...parents, firmId: busy.id }, { is_long_time })
    await insertProduct(db, { ...parents, firmId: busy.id }, { is_long_time: 1, deleted_at: new Date() })

    const rows = (await admin.get('/admin/firms/list?sort=id')).json().data as Record<string, unknown>[]
    expect(rows.find((r) => r.id === busy.id)).toMatchObject({ products_count: 3, long_products_count: 2 })
    expect(rows.find((r) => r.id === idle.id)).toMatchObject({ products_count: 0, long_products_count: 0 })
    expect((await admin.get(`/admin/firms/${busy.id}`)).json().row.products_count).toBe(3)
  })

  it('keeps its supported banks and filters by them', async () => {
    const { row } = (
      await admin.post('/admin/firms', { name: 'Banked', full_name: 'Banked Life', type: 3, bank_ids: '4,5' })
    ).json()
    expect(row.bank_ids).toEqual([4, 5])
    const withBank5 = (await admin.get('/admin/firms/list?bank_ids=5')).json().data
    expect(withBank5.map((r: { name: string }) => r.name)).toEqual(['Banked'])
    const cleared = await admin.put(`/admin/firms/${row.id}`, { bank_ids: [] })
    expect(cleared.json().row.bank_ids).toEqual([])
  })

  it('filters by type bits: a life-and-property company is both', async () => {
    await admin.post('/admin/firms', { name: 'Both kinds', full_name: 'Both', type: 3 })
    await admin.post('/admin/firms', { name: 'Property only', full_name: 'Property', type: 2 })
    const life = (await admin.get('/admin/firms/list?type=1&per_page=100'))
      .json()
      .data.map((r: { name: string }) => r.name)
    expect(life).toContain('Both kinds')
    expect(life).not.toContain('Property only')
  })

  it('requires a website to begin with http:// or https://, and a template for the link rule', async () => {
    const response = await admin.post('/admin/firms', {
      name: 'Web',
      full_name: 'Web Insurance',
      url: 'ftp://example.com',
      url_rule: 1,
    })
    expect(response.statusCode).toBe(422)
    expect(Object.keys(response.json().errors)).toEqual(['url'])
    const template = await admin.post('/admin/firms', {
      name: 'Web',
      full_name: 'Web',
      url: 'https://a.cn',
      url_rule: 1,
    })
    expect(Object.keys(template.json().errors)).toEqual(['url_rule_tpl'])
  })
})
