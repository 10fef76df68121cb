import { MAX_SKIPPED_ROWS } from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { type AdminClient, adminClient } from './testing/admin-client'

let t: TestApp
let admin: AdminClient
/** More banks than a page may skip (a table without text indexes: quick to fill, on PGlite too). */
const ROWS = MAX_SKIPPED_ROWS + 450
const PER_PAGE = 200
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

beforeAll(async () => {
  t = await createTestApp({ env: { DB_SEARCH_STATEMENT_TIMEOUT: '1' } })
  admin = await adminClient(t.app)
  await t.app.db.execute(sql`
    insert into banks (name, full_name, "order") select 'Bank ' || g, 'Bank ' || g || ' Ltd.', g % 7
    from generate_series(1, ${ROWS}) g`)
})
afterAll(() => t.close())

type Page = { data: Array<{ id: number }>; current_page: number; last_page: number; total_estimate?: number }
const get = (query: string) => admin.get(`/admin/banks/list?sort=-id&per_page=${PER_PAGE}&${query}`)
const page = async (query: string): Promise<Page> => {
  const response = await get(query)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
/** The ids OFFSET reads for page n of the list (newest first). */
const offsetIds = async (n: number) => {
  const result = (await t.app.db.execute(sql`
    select id from banks where deleted_at is null order by id desc
      limit ${PER_PAGE} offset ${(n - 1) * PER_PAGE}`)) as unknown as { rows: Array<{ id: number | string }> }
  return result.rows.map((row) => Number(row.id))
}
const ids = (answer: Page) => answer.data.map((row) => Number(row.id))

describe('any page number of a long list (issue 22)', () => {
  const deepest = Math.floor(MAX_SKIPPED_ROWS / PER_PAGE) + 1
  it('opens pages by number within the rows a page may skip, as OFFSET reads them', async () => {
    expect(ids(await page(`page=${deepest}`))).toEqual(await offsetIds(deepest))
  })

  it('answers a deeper page by number with a 422 that says how to get there', async () => {
    const response = await get(`page=${deepest + 1}`)
    expect(response.statusCode).toBe(422)
    expect(response.json().errors.page[0]).toContain(MAX_SKIPPED_ROWS.toLocaleString('en'))
  })

  it('reads a deep page from a nearby one: after its last row or before its first, skipping whole pages', async () => {
    const near = await page(`page=${deepest}`)
    const lastId = near.data[near.data.length - 1].id
    const next = await page(`page=${deepest + 1}&after=${lastId}`)
    expect(next.current_page).toBe(deepest + 1)
    expect(ids(next)).toEqual(await offsetIds(deepest + 1))
    const later = await page(`page=${deepest + 2}&after=${lastId}&skip=${PER_PAGE}`)
    expect(ids(later)).toEqual(await offsetIds(deepest + 2))
    const back = await page(`page=${deepest - 1}&before=${next.data[0].id}&skip=${PER_PAGE}`)
    expect(ids(back)).toEqual(await offsetIds(deepest - 1))
  })

  it('counts pages back from the end with last=1&skip=, the last one being the last rows', async () => {
    // More rows than a bounded count reads: the last page's number follows from the estimate.
    const last = await page('last=1')
    expect(last.data).toHaveLength(PER_PAGE)
    const butOne = await page(`last=1&skip=${PER_PAGE}`)
    expect(butOne.current_page).toBe(last.current_page - 1)
    expect(butOne.last_page).toBe(last.current_page)
    // The page before the last rows: OFFSET's second page of the list read oldest first.
    const fromStart = (await t.app.db.execute(sql`
      select id from banks where deleted_at is null order by id asc
        limit ${PER_PAGE} offset ${PER_PAGE}`)) as unknown as { rows: Array<{ id: number | string }> }
    expect(ids(butOne)).toEqual(fromStart.rows.map((row) => Number(row.id)).reverse())
  })

  it('refuses to skip more rows than a page may, or without a row to start from', async () => {
    expect((await get(`last=1&skip=${MAX_SKIPPED_ROWS + 1}`)).statusCode).toBe(422)
    expect((await get('skip=200')).statusCode).toBe(422)
    expect((await get('last=1&skip=-1')).statusCode).toBe(422)
  })
})

describe.skipIf(!onPostgres)('a text search that cannot be answered in time (PostgreSQL)', () => {
  it('answers 422 on the search at once, telling the user to narrow it', async () => {
    // A 1 ms budget (this file's setting): reading a thousand of 3,000 entries holding a word cannot keep it.
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`)
      await tx.execute(sql`
        insert into logs (menu_id, user_id, location, ip, method, url)
        select 1, 987654, '北京市 联通', '10.0.0.' || (g % 250), 'GET', '/web-api/admin/products/list'
        from generate_series(1, 3000) g`)
    })
    const response = await admin.get(`/admin/logs/list?keyword=${encodeURIComponent('北京')}&sort=created_at`)
    expect(response.statusCode, response.body).toBe(422)
    expect(response.json().errors.keyword[0]).toContain('筛选条件')
  })
})
