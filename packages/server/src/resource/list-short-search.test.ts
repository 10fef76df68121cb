import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { type AdminClient, adminClient } from './testing/admin-client'
import { insertFirm, insertProduct, insertProductParents } from './testing/factories'

let t: TestApp
let admin: AdminClient
let firmId = 0

const NAMES = [
  '平安福终身寿险',
  '国寿康宁重疾',
  '太平洋意外险',
  'Alpha Term Life',
  'alpine CARE',
  'Beta 100%',
  'gamma_plus',
  '龘 rare',
  'Zeta',
]

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
  const parents = await insertProductParents(t.app.db)
  firmId = (await insertFirm(t.app.db, { type: 1 })).id
  for (const [n, name] of NAMES.entries())
    await insertProduct(
      t.app.db,
      { ...parents, firmId },
      { name, uid: `U${n}`, no: `N${n}`, company_no: `C${n}` },
    )
  await insertProduct(t.app.db, { ...parents, firmId }, { name: '寿 deleted', deleted_at: new Date() })
})
afterAll(() => t.close())

const listed = async (keyword: string) => {
  const response = await admin.get(
    `/admin/products/list?firm_id=${firmId}&per_page=200&keyword=${encodeURIComponent(keyword)}`,
  )
  expect(response.statusCode, response.body).toBe(200)
  return (response.json().data as Array<{ name: string }>).map((row) => row.name).sort()
}

/** What ILIKE '%text%' over the keyword's columns finds, the wildcards escaped. */
const likeOf = async (text: string) => {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const result = (await t.app.db.execute(sql`
    select name from products where firm_id = ${firmId} and deleted_at is null
      and (name ilike ${pattern} or uid ilike ${pattern} or no ilike ${pattern} or company_no ilike ${pattern})`)) as unknown as {
    rows: Array<{ name: string }>
  }
  return result.rows.map((row) => row.name).sort()
}

describe('a keyword of one character (issue 22)', () => {
  it('finds what ILIKE finds: Chinese, Latin in either case, digits, no match', async () => {
    for (const text of ['寿', '龘', 'a', 'A', 'p', '1', '鑫', 'q'])
      expect(await listed(text), text).toEqual(await likeOf(text))
    expect(await listed('寿')).toEqual(['国寿康宁重疾', '平安福终身寿险'])
    expect(await listed('A')).toContain('alpine CARE')
    expect(await listed('鑫')).toEqual([])
  })

  it('takes % and _ as themselves, not as wildcards', async () => {
    expect(await listed('%')).toEqual(['Beta 100%'])
    expect(await listed('_')).toEqual(['gamma_plus'])
    expect(await listed('\\')).toEqual([])
  })
})
