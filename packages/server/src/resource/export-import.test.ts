import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { classifys, logs, products, productYear, years } from '../db/schema/index'
import { loginAs } from '../testing/login-as'
import { createTestApp, type TestApp } from '../testing/test-app'
import { type AdminClient, adminClient } from './testing/admin-client'
import { insertFirm } from './testing/factories'

let t: TestApp
let admin: AdminClient

const liveYearIds = async () =>
  (await t.app.db.select({ id: years.id }).from(years).where(isNull(years.deleted_at)).orderBy(years.id)).map(
    (row) => row.id,
  )

/** Sends rows to the products' import as the super administrator, in English. */
const importProducts = async (datas: unknown[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/products/import',
    headers: { ...(await loginAs(t.app, 1)).api, language: 'en' },
    payload: { datas },
  })

/** A new firm, and a maker of product rows to import under it, named `<prefix> <uid>`. */
async function productRowsUnder(prefix: string, defaults: Record<string, unknown> = {}) {
  const firm = await insertFirm(t.app.db, { name: `${prefix} firm`, type: 1 })
  return (uid: string, extra: Record<string, unknown> = {}) => ({
    uid,
    firm_id: firm.id,
    classify_id: 1,
    classify2_id: 2,
    pclassify_id: 2,
    name: `${prefix} ${uid}`,
    ...defaults,
    ...extra,
  })
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
  await t.app.db
    .insert(years)
    .values(Array.from({ length: 31 }, (_, i) => ({ name: `Period ${i + 1}`, value: String(i + 1) })))
})
afterAll(() => t.close())

describe('export pages', () => {
  it('walks the rows by id with max_id, exact last_page on the first page', async () => {
    const all = await liveYearIds()
    const collected: number[] = []
    let maxId = 0
    let lastPage = 0
    for (let page = 1; ; page++) {
      const response = await admin.get(`/admin/years/excel?per_page=10&page=${page}&max_id=${maxId}`)
      expect(response.statusCode, response.body).toBe(200)
      const body = response.json()
      if (page === 1) lastPage = body.last_page
      expect(body.current_page).toBe(page)
      collected.push(...body.data.map((row: { id: number }) => row.id))
      maxId = body.max_id
      if (page >= body.last_page) break
    }
    expect(lastPage).toBe(Math.ceil(all.length / 10))
    expect(collected).toEqual(all)
  })

  it('keeps its place by id when rows before it are deleted between pages', async () => {
    const first = (await admin.get('/admin/years/excel?per_page=10&page=1')).json()
    await admin.delete('/admin/years', { ids: [first.data[0].id, first.data[1].id] })
    const second = (await admin.get(`/admin/years/excel?per_page=10&page=2&max_id=${first.max_id}`)).json()
    const ids = await liveYearIds()
    expect(second.data[0].id).toBe(ids[ids.indexOf(first.max_id) + 1])
  })

  it('pages by page number when sorted, and has the export columns only', async () => {
    const body = (await admin.get('/admin/years/excel?per_page=10&page=2&sort=-id')).json()
    const ids = (await liveYearIds()).reverse()
    expect(body.data.map((row: { id: number }) => row.id)).toEqual(ids.slice(10, 20))
    expect(Object.keys(body.data[0])).toEqual([
      'id',
      'name',
      'value',
      'description',
      'created_at',
      'updated_at',
    ])
  })

  it('answers rows as arrays of the export columns with layout=arrays, the same values in the same order', async () => {
    const objects = (await admin.get('/admin/years/excel?per_page=10&page=1')).json()
    const response = await admin.get('/admin/years/excel?per_page=10&page=1&layout=arrays')
    expect(response.statusCode, response.body).toBe(200)
    const table = response.json()
    expect(table.columns).toEqual(['id', 'name', 'value', 'description', 'created_at', 'updated_at'])
    expect(table.data).toEqual(
      objects.data.map((row: Record<string, unknown>) => table.columns.map((key: string) => row[key])),
    )
    expect([table.current_page, table.last_page, table.max_id]).toEqual([
      objects.current_page,
      objects.last_page,
      objects.max_id,
    ])
    const bad = await admin.get('/admin/years/excel?layout=csv')
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors)).toEqual(['layout'])
  })

  it('gives the links of a product as arrays in an export table', async () => {
    const firm = await insertFirm(t.app.db, { name: 'Export table firm' })
    const [product] = await t.app.db
      .insert(products)
      .values({ name: 'Export table product', firm_id: firm.id, uid: 'EXPORT-TABLE-1' })
      .returning()
    const yearIds = (await liveYearIds()).slice(0, 2)
    await t.app.db.insert(productYear).values(yearIds.map((year_id) => ({ product_id: product.id, year_id })))
    const table = (
      await admin.get(`/admin/products/excel?layout=arrays&max_id=${product.id - 1}&per_page=10`)
    ).json()
    const row = table.data[0]
    expect(row[table.columns.indexOf('id')]).toBe(product.id)
    expect(row[table.columns.indexOf('year_ids')]).toEqual(yearIds)
    expect(row[table.columns.indexOf('created_at')]).toBe(product.created_at.toISOString())
  })

  it('allows large export pages, capped at 1000', async () => {
    const body = (await admin.get('/admin/years/excel?per_page=100000')).json()
    expect(body.data.length).toBe((await liveYearIds()).length)
    expect((await admin.get('/admin/years/excel?per_page=13')).statusCode).toBe(422)
  })
})

describe('export page keys', () => {
  it('refuse a max_id beyond the id column with a 422', async () => {
    const response = await admin.get('/admin/years/excel?max_id=2147483648')
    expect(response.statusCode).toBe(422)
    expect(Object.keys(response.json().errors)).toEqual(['max_id'])
  })
})

describe('import', () => {
  it('stores the good rows, reports each bad row with an error column, in one logged transaction', async () => {
    const [existing] = await t.app.db.select().from(years).where(eq(years.name, 'Period 31'))
    const [{ before }] = await t.app.db.select({ before: sql<number>`count(*)::int` }).from(logs)
    const response = await admin.post('/admin/years/import', {
      datas: [
        { name: 'Imported one', value: '5, 10' },
        { name: 'Bad list', value: '5,,x' },
        { name: '', value: '3' },
        { id: existing.id, name: 'Renamed 31', value: 31, description: 'updated' },
        { name: 'Imported two', value: 20 },
        { id: 99_999, name: 'With its own id', value: '7' },
      ],
    })
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ status: 200, imported: 4 })
    expect(body.errors).toHaveLength(2)
    expect(body.errors[0]).toMatchObject({ name: 'Bad list', value: '5,,x' })
    expect(body.errors[0].error).toMatch(/\S/)
    expect(body.errors[1]).toMatchObject({ name: '', value: '3' })

    const stored = await t.app.db.select().from(years)
    expect(stored.find((y) => y.name === 'Imported one')?.value).toBe('5,10')
    expect(stored.find((y) => y.id === existing.id)).toMatchObject({ name: 'Renamed 31', value: '31' })
    expect(stored.find((y) => y.id === 99_999)?.name).toBe('With its own id')
    expect(stored.some((y) => y.name === 'Bad list')).toBe(false)
    const [{ after }] = await t.app.db.select({ after: sql<number>`count(*)::int` }).from(logs)
    expect(after).toBe(before + 1)

    // The id sequence moved past the imported id.
    const created = await admin.post('/admin/years', { name: 'After import', value: '1' })
    expect(created.json().row.id).toBeGreaterThan(99_999)
  })

  it('reports a row holding text the database cannot store or an id beyond the column as that row, storing the others', async () => {
    const datas = [
      { name: 'Clean one', value: '1' },
      { name: 'a\u0000b', value: '2' },
      { name: 'Half \ud800', value: '3' },
      { id: 2_147_483_648, name: 'Far id', value: '4' },
      { name: 'Clean two', value: '5' },
    ]
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/years/import',
      headers: { ...(await loginAs(t.app, 1)).api, language: 'en' },
      payload: { datas },
    })
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    expect(body.imported).toBe(2)
    expect(body.errors.map((row: { error: string }) => row.error)).toEqual([
      'The Name field contains characters that cannot be stored (NUL or broken Unicode)',
      'The Name field contains characters that cannot be stored (NUL or broken Unicode)',
      'The ID field must be between 1 and 2147483647',
    ])
    const names = (await t.app.db.select().from(years)).map((y) => y.name)
    expect(names).toEqual(expect.arrayContaining(['Clean one', 'Clean two']))
    expect(names).not.toContain('Far id')
  })

  it('refuses to update a deleted record through an import', async () => {
    const [row] = await t.app.db
      .insert(years)
      .values({ name: 'Gone', value: '1', deleted_at: new Date() })
      .returning()
    const body = (
      await admin.post('/admin/years/import', { datas: [{ id: row.id, name: 'Back', value: '2' }] })
    ).json()
    expect(body.imported).toBe(0)
    expect(body.errors[0].error).toMatch(/\S/)
    const [still] = await t.app.db
      .select()
      .from(years)
      .where(and(eq(years.id, row.id)))
    expect(still.name).toBe('Gone')
  })

  it('answers 422 when datas is not a list of at most 1000 rows', async () => {
    expect((await admin.post('/admin/years/import', { datas: 'x' })).statusCode).toBe(422)
    const many = Array.from({ length: 1001 }, (_, i) => ({ name: `n${i}`, value: '1' }))
    expect((await admin.post('/admin/years/import', { datas: many })).statusCode).toBe(422)
  })
})

describe('import into a tree', () => {
  it('places each row in its own savepoint under its parent, a resent chunk storing nothing', async () => {
    const datas = [
      { name: 'Tree import top', parent_id: 0 },
      { name: 'Tree import child', parent_id: 1 },
      { name: 'Tree import too deep', parent_id: 2 },
    ]
    const first = await admin.post('/admin/classifys/import', { datas, key: 'tree-0' })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ imported: 2, errors: [{ name: 'Tree import too deep' }] })
    const again = await admin.post('/admin/classifys/import', { datas, key: 'tree-0' })
    expect(again.json()).toEqual(first.json())
    const stored = await t.app.db.select().from(classifys).where(sql`${classifys.name} like 'Tree import%'`)
    expect(stored.map((row) => [row.name, row.parent_id, row.level]).sort()).toEqual([
      ['Tree import child', 1, 2],
      ['Tree import top', 0, 1],
    ])
    const [parent] = await t.app.db.select().from(classifys).where(eq(classifys.id, 1))
    const child = stored.find((row) => row.name === 'Tree import child')
    expect(child?.left_margin).toBeGreaterThan(parent.left_margin)
    expect(child?.right_margin).toBeLessThan(parent.right_margin)
  })
})

describe('import of new rows stored together', () => {
  it("keeps each row's own error (a uid taken twice in the chunk, a missing firm), the links and the log", async () => {
    const [year] = await liveYearIds()
    const product = await productRowsUnder('Import', { year_ids: [year] })
    const datas = [
      product('IMP-1'),
      product('IMP-2'),
      product('IMP-1'),
      product('IMP-3', { firm_id: 987_654 }),
      product('IMP-4'),
    ]
    const before = (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(logs))[0].n
    const response = await importProducts(datas)
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    expect(body.imported).toBe(3)
    expect(body.errors.map((row: { uid: string; error: string }) => [row.uid, row.error])).toEqual([
      ['IMP-1', expect.stringMatching(/taken|unique/i)],
      ['IMP-3', expect.stringMatching(/\S/)],
    ])
    const stored = await t.app.db.select().from(products).where(sql`${products.uid} like 'IMP-%'`)
    expect(stored.map((row) => row.uid).sort()).toEqual(['IMP-1', 'IMP-2', 'IMP-4'])
    const links = await t.app.db
      .select()
      .from(productYear)
      .where(
        sql`${productYear.product_id} in (${sql.join(
          stored.map((row) => sql`${row.id}`),
          sql`, `,
        )})`,
      )
    expect(links.map((link) => link.year_id)).toEqual([year, year, year])
    // One log entry keeping every row of the request, in order.
    const entries = await t.app.db.select().from(logs).orderBy(logs.id)
    expect(entries.length).toBe(before + 1)
    const logged = (entries[entries.length - 1].parameters as { datas: { uid: string }[] }).datas
    expect(logged.map((row) => row.uid)).toEqual(['IMP-1', 'IMP-2', 'IMP-1', 'IMP-3', 'IMP-4'])
  })
})

describe('a chunk of new products stored in one statement', () => {
  it("links each product to its own periods and keeps each bad row's exact error", async () => {
    const [a, b, c] = await liveYearIds()
    const product = await productRowsUnder('Bulk')
    const datas = [
      product('BULK-1', { year_ids: [a, b] }),
      product('BULK-2', { year_ids: [] }),
      // classification 9 is not a child of classification 1
      product('BULK-3', { classify2_id: 9, year_ids: [a] }),
      product('BULK-4', { year_ids: [c, a, b] }),
      product('BULK-5', { year_ids: [987_654] }),
      product('BULK-6', { year_ids: [b], issue_at: '2024-05-06T07:08:09.000Z', stop_at: '2030-01-02' }),
    ]
    const response = await importProducts(datas)
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    expect(body.imported).toBe(4)
    expect(body.errors.map((row: { uid: string; error: string }) => [row.uid, row.error])).toEqual([
      ['BULK-3', 'The second classification must belong to the first classification'],
      ['BULK-5', expect.stringMatching(/does not exist/)],
    ])
    const stored = await t.app.db
      .select({ id: products.id, uid: products.uid, issue_at: products.issue_at, stop_at: products.stop_at })
      .from(products)
      .where(sql`${products.uid} like 'BULK-%'`)
    expect(stored.find((row) => row.uid === 'BULK-6')).toMatchObject({
      issue_at: new Date('2024-05-06T07:08:09.000Z'),
      stop_at: '2030-01-02',
    })
    expect(stored.find((row) => row.uid === 'BULK-1')).toMatchObject({ issue_at: null, stop_at: null })
    const links = await t.app.db
      .select({ product_id: productYear.product_id, year_id: productYear.year_id })
      .from(productYear)
      .where(
        sql`${productYear.product_id} in (${sql.join(
          stored.map((row) => sql`${row.id}`),
          sql`, `,
        )})`,
      )
    const yearsOf = (uid: string) => {
      const id = stored.find((row) => row.uid === uid)?.id
      return links
        .filter((link) => link.product_id === id)
        .map((link) => link.year_id)
        .sort((x, y) => x - y)
    }
    expect(stored.map((row) => row.uid).sort()).toEqual(['BULK-1', 'BULK-2', 'BULK-4', 'BULK-6'])
    expect(yearsOf('BULK-1')).toEqual([a, b])
    expect(yearsOf('BULK-2')).toEqual([])
    expect(yearsOf('BULK-4')).toEqual([a, b, c].sort((x, y) => x - y))
    expect(yearsOf('BULK-6')).toEqual([b])
  })
})

describe('an import chunk sent with a key', () => {
  const chunkOf = async (prefix: string) => {
    const [year] = await liveYearIds()
    return productRowsUnder(prefix, { year_ids: [year] })
  }
  const storedUids = async (prefix: string) =>
    (
      await t.app.db
        .select({ uid: products.uid })
        .from(products)
        .where(sql`${products.uid} like ${`${prefix}%`}`)
    )
      .map((row) => row.uid)
      .sort()
  const logCount = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(logs))[0].n

  it('is stored once when sent twice: the second gets the first answer, and no second log entry', async () => {
    const product = await chunkOf('KEY-A')
    const datas = [product('KEY-A1'), product('KEY-A2', { firm_id: 987_654 }), product('KEY-A3')]
    const first = await admin.post('/admin/products/import', { datas, key: 'task-a-0' })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ imported: 2, errors: [{ uid: 'KEY-A2' }] })
    const logsAfterFirst = await logCount()
    const again = await admin.post('/admin/products/import', { datas, key: 'task-a-0' })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect(await storedUids('KEY-A')).toEqual(['KEY-A1', 'KEY-A3'])
    expect(await logCount()).toBe(logsAfterFirst)
    // Another key stores the rows (the uid taken now gives each row its error).
    const other = await admin.post('/admin/products/import', { datas: [product('KEY-A4')], key: 'task-a-1' })
    expect(other.json()).toEqual({ status: 200, imported: 1, errors: [] })
    // A chunk whose every row was stored is answered so again.
    const otherAgain = await admin.post('/admin/products/import', {
      datas: [product('KEY-A4')],
      key: 'task-a-1',
    })
    expect(otherAgain.json()).toEqual(other.json())
    expect(await storedUids('KEY-A')).toEqual(['KEY-A1', 'KEY-A3', 'KEY-A4'])
  })

  it('is stored once when the same key comes twice at once, and after a chunk the database refused', async () => {
    const product = await chunkOf('KEY-B')
    const datas = [product('KEY-B1'), product('KEY-B1'), product('KEY-B2')]
    const [one, two] = await Promise.all([
      admin.post('/admin/products/import', { datas, key: 'task-b-0' }),
      admin.post('/admin/products/import', { datas, key: 'task-b-0' }),
    ])
    expect(one.statusCode, one.body).toBe(200)
    expect(two.json()).toEqual(one.json())
    expect(one.json()).toMatchObject({ imported: 2, errors: [{ uid: 'KEY-B1' }] })
    expect(await storedUids('KEY-B')).toEqual(['KEY-B1', 'KEY-B2'])
  })

  it('answers 422 to a key that is not short text of letters, digits and - _ . :', async () => {
    const product = await chunkOf('KEY-C')
    for (const key of ['', 'a b', 'x'.repeat(101), 12]) {
      const response = await admin.post('/admin/products/import', { datas: [product('KEY-C1')], key })
      expect(response.statusCode, String(key)).toBe(422)
      expect(Object.keys(response.json().errors)).toEqual(['key'])
    }
    expect(await storedUids('KEY-C')).toEqual([])
  })
})
