import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { banksBinding } from '../modules/banks/banks.resource'
import { createTestApp, type TestApp } from '../testing/test-app'
import { listRecords } from './list-records'

let t: TestApp
/** 300 banks: "Common" in every name, "Rare" in the oldest five only, a third withholding, the newest deleted. */
const ROWS = 300

beforeAll(async () => {
  t = await createTestApp()
  await t.app.db.execute(sql`
    insert into banks (name, full_name, "order", is_withhold)
    select 'Common ' || g || case when g <= 5 then ' Rare' else '' end, 'Bank ' || g || ' Ltd.', g % 7,
      (g % 3 = 0)::int
    from generate_series(1, ${ROWS}) g`)
  await t.app.db.execute(sql`update banks set deleted_at = now() where id = (select max(id) from banks)`)
})
afterAll(() => t.close())

/** A page through listRecords, walking at most `walk` rows of the order before the text indexes. */
const list = (query: Record<string, string>, walk: number) =>
  listRecords({ db: t.app.db, binding: banksBinding, query, language: 'en', orderWalkRows: walk })
/** What the same search reads without a walk worth the name (one row: the text indexes answer). */
const unwalked = (query: Record<string, string>) => list(query, 1)
const names = (page: { data: Array<Record<string, unknown>> }) => page.data.map((row) => row.name)

describe("a first page's search walks the list's order (issue 22)", () => {
  it('answers a common word from the first rows of the order, as the indexes would', async () => {
    for (const sort of ['-id', 'id', 'order', '-order']) {
      const query = { keyword: 'common', per_page: '10', page: '1', sort }
      const walked = await list(query, 50)
      expect(names(walked), sort).toEqual(names(await unwalked(query)))
      expect(walked.data).toHaveLength(10)
      expect(walked.last_page).toBe(2)
      // The total is of the whole search, not of the page found: counted, since fewer than a thousand match.
      expect(walked, sort).toMatchObject({ total_estimate: ROWS - 1, total_exact: true })
    }
  })

  it('leaves the deleted rows out of the walk', async () => {
    const walked = await list({ keyword: 'common', per_page: '10', page: '1', sort: '-id' }, 50)
    expect(names(walked)).not.toContain(`Common ${ROWS}`)
    expect(names(walked)[0]).toBe(`Common ${ROWS - 1}`)
  })

  it('finds a word the walked rows do not hold through the indexes, all of it', async () => {
    const walked = await list({ keyword: 'rare', per_page: '10', page: '1', sort: '-id' }, 50)
    expect(names(walked)).toEqual([5, 4, 3, 2, 1].map((n) => `Common ${n} Rare`))
    expect(walked).toMatchObject({ total_estimate: 5, total_exact: true, last_page: 1 })
  })

  it('reads, of a word found whole, only the ids of its first page in id order, and counts them all', async () => {
    const tenFrom = (first: number, step: number) =>
      Array.from(
        { length: 10 },
        (_, n) => `Common ${first + n * step}${first + n * step <= 5 ? ' Rare' : ''}`,
      )
    const desc = await unwalked({ keyword: 'common', per_page: '10', page: '1', sort: '-id' })
    expect(names(desc)).toEqual(tenFrom(ROWS - 1, -1))
    expect(desc).toMatchObject({ total_estimate: ROWS - 1, total_exact: true, last_page: 2 })
    const asc = await unwalked({ keyword: 'common', per_page: '10', page: '1', sort: 'id' })
    expect(names(asc)).toEqual(tenFrom(1, 1))
    const second = await unwalked({ keyword: 'common', per_page: '10', page: '2', sort: '-id' })
    expect(names(second)).toEqual(tenFrom(ROWS - 11, -1))
  })

  it('keeps the other filters: a match must meet them all', async () => {
    const query = { keyword: 'common', is_withhold: '1', per_page: '10', page: '1', sort: '-id' }
    const walked = await list(query, 50)
    expect(names(walked)).toEqual(names(await unwalked(query)))
    expect(walked.data).toHaveLength(10)
    expect(walked.data.every((row) => row.is_withhold === 1)).toBe(true)
  })
})
