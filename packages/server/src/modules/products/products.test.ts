import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { classifys, pclassifys } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { insertFirm } from '../../resource/testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let admin: AdminClient
let base: Record<string, unknown>

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
  const firm = await insertFirm(t.app.db, { name: '平安人寿' })
  const [life] = await t.app.db.select().from(classifys).where(eq(classifys.name, '人寿保险'))
  const [term] = await t.app.db.select().from(classifys).where(eq(classifys.name, '定期寿险'))
  const [group] = await t.app.db.select().from(pclassifys).where(eq(pclassifys.name, '成人保障'))
  base = { firm_id: firm.id, classify_id: life.id, classify2_id: term.id, pclassify_id: group.id }
})
afterAll(() => t.close())

describe('insurance products', () => {
  it('are created with their company, classifications, group and payment periods, all named in the record', async () => {
    const response = await admin.post('/admin/products', {
      ...base,
      name: '平安福终身寿险',
      uid: 'PA-0001',
      pay_type: 3,
      year_ids: [3, 5],
      issue_at: '2024-05-01 09:30:00',
      stop_at: '2030-12-31',
      status: 1,
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json().row).toMatchObject({
      firm_name: '平安人寿',
      classify_name: '人寿保险',
      classify2_name: '定期寿险',
      pclassify_name: '成人保障',
      year_ids: [3, 5],
      pay_type: 3,
      stop_at: '2030-12-31',
    })
    const listed = (await admin.get('/admin/products/list?year_ids=5')).json().data
    expect(listed.map((p: { uid: string }) => p.uid)).toEqual(['PA-0001'])
  })

  it('refuse a second live product with the same uid, naming the field', async () => {
    const first = await admin.post('/admin/products', { ...base, name: 'Original', uid: 'PA-0002' })
    expect(first.statusCode, first.body).toBe(201)
    const response = await admin.post('/admin/products', { ...base, name: 'Copy', uid: 'PA-0002' })
    expect(response.statusCode).toBe(422)
    expect(Object.keys(response.json().errors)).toEqual(['uid'])
  })

  it('need a company, classifications and a group that exist, the second classification under the first', async () => {
    const missing = await admin.post('/admin/products', { name: 'Orphan' })
    expect(Object.keys(missing.json().errors).sort()).toEqual([
      'classify2_id',
      'classify_id',
      'firm_id',
      'pclassify_id',
    ])
    const ghost = await admin.post('/admin/products', {
      ...base,
      name: 'Ghost',
      firm_id: 99_999,
      year_ids: [999],
    })
    expect(Object.keys(ghost.json().errors).sort()).toEqual(['firm_id', 'year_ids'])
    const [health] = await t.app.db.select().from(classifys).where(eq(classifys.name, '医疗保险'))
    const mismatch = await admin.post('/admin/products', {
      ...base,
      name: 'Mismatch',
      classify2_id: health.id,
    })
    expect(Object.keys(mismatch.json().errors)).toEqual(['classify2_id'])
    const upsideDown = await admin.post('/admin/products', {
      ...base,
      name: 'Upside',
      classify_id: base.classify2_id,
    })
    expect(Object.keys(upsideDown.json().errors).sort()).toEqual(['classify2_id', 'classify_id'])
  })

  it('check every option set and the dates', async () => {
    const response = await admin.post('/admin/products', {
      ...base,
      name: 'Bad options',
      status: 3,
      pay_type: 8,
      attr: 6,
      buy_type: 0,
      is_long_time: 2,
      class: 5,
      issue_at: 'soon',
    })
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'attr',
      'buy_type',
      'class',
      'is_long_time',
      'issue_at',
      'pay_type',
      'status',
    ])
    const early = await admin.post('/admin/products', {
      ...base,
      name: 'Early',
      issue_at: '2024-05-01',
      stop_at: '2024-04-30',
    })
    expect(Object.keys(early.json().errors)).toEqual(['stop_at'])
  })

  it('refuse days that do not exist, times beyond year 9999, a company id beyond the column, bits beyond the set', async () => {
    const response = await admin.post('/admin/products', {
      ...base,
      name: 'Impossible',
      issue_at: '+275760-09-13',
      stop_at: '2024-02-31',
      firm_id: 2_147_483_648,
      pay_type: 2 ** 32,
    })
    expect(response.statusCode).toBe(422)
    expect(Object.keys(response.json().errors).sort()).toEqual(['firm_id', 'issue_at', 'pay_type', 'stop_at'])
  })

  it('answer an update as a read after it does, whether its statement answered it or the links were written after', async () => {
    const created = await admin.post('/admin/products', {
      ...base,
      name: 'Answered',
      uid: 'PA-0100',
      year_ids: [3],
    })
    const id = created.json().row.id
    const other = await insertFirm(t.app.db, { name: '国寿' })
    // The name alone: the UPDATE answers the record with its page columns.
    const renamed = await admin.put(`/admin/products/${id}`, { name: 'Answered again', firm_id: other.id })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json().row).toMatchObject({ name: 'Answered again', firm_name: '国寿', year_ids: [3] })
    expect(renamed.json().row).toEqual((await admin.get(`/admin/products/${id}`)).json().row)
    // Payment periods: links written after the UPDATE, the record read after them.
    const linked = await admin.put(`/admin/products/${id}`, { year_ids: [5, 3] })
    expect(linked.json().row).toMatchObject({ year_ids: [3, 5] })
    expect(linked.json().row).toEqual((await admin.get(`/admin/products/${id}`)).json().row)
  })

  it('offer their option sets and the related records in the page data', async () => {
    const body = (await admin.get('/admin/products')).json()
    expect(body.options.status.map((o: { value: number }) => o.value)).toEqual([0, 1, 2])
    expect(body.options.pay_type.map((o: { value: number }) => o.value)).toEqual([1, 2, 4])
    expect(body.options.firm_id).toContainEqual({ value: base.firm_id, label: '平安人寿' })
    const life = body.options.classify_id.find((o: { label: string }) => o.label === '人寿保险')
    expect(life.children.map((c: { label: string }) => c.label)).toContain('定期寿险')
  })
})
