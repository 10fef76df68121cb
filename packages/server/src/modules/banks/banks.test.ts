import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bankFirm } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { insertFirm } from '../../resource/testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let admin: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

describe('banks', () => {
  it('are seeded with the main banks in their order, with withholding flags', async () => {
    const body = (await admin.get('/admin/banks/list')).json()
    expect(body.total).toBeGreaterThanOrEqual(15)
    expect(body.data[0]).toMatchObject({
      name: '工商银行',
      full_name: '中国工商银行股份有限公司',
      is_withhold: 1,
      order: 1,
    })
    const names = (await admin.get('/admin/banks/list?per_page=100'))
      .json()
      .data.map((b: { name: string }) => b.name)
    expect(names).toEqual(
      expect.arrayContaining(['招商银行', '平安银行', '民生银行', '广发银行', '邮储银行']),
    )
  })

  it('count the live insurance companies that support them', async () => {
    const db = t.app.db
    const a = await insertFirm(db)
    const b = await insertFirm(db)
    const gone = await insertFirm(db, { deleted_at: new Date() })
    await db.insert(bankFirm).values([
      { firm_id: a.id, bank_id: 2 },
      { firm_id: b.id, bank_id: 2 },
      { firm_id: gone.id, bank_id: 2 },
      { firm_id: a.id, bank_id: 3 },
    ])
    const rows = (await admin.get('/admin/banks/list?id=2,3,4&sort=id')).json().data
    expect(rows.map((r: { firms_count: number }) => r.firms_count)).toEqual([2, 1, 0])
  })

  it('filter by withholding', async () => {
    const rows = (await admin.get('/admin/banks/list?is_withhold=0&per_page=100')).json().data
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r: { is_withhold: number }) => r.is_withhold === 0)).toBe(true)
  })
})
