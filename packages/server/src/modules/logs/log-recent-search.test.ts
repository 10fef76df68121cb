import { isNull, type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { logs } from '../../db/schema/index'
import { buildFilters } from '../../resource/build-filters'
import { listRecords } from '../../resource/list-records'
import { narrowTextSearch } from '../../resource/narrow-text-search'
import type { ResourceBinding } from '../../resource/types'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { logsBinding } from './logs.resource'

let t: TestApp
const HOUR = 3_600_000
const ago = (hours: number) => new Date(Date.now() - hours * HOUR)
const range = (count: number) => Array.from({ length: count }, (_, n) => n + 1)

beforeAll(async () => {
  t = await createTestApp()
  // Written oldest first but for 77.88.1.*, the newest in time: ids and times disagree there.
  const entries = [
    ...range(12).map((n) => ({ ip: `77.88.2.${n}`, created_at: ago(24 * 20 + n) })),
    ...range(4).map((n) => ({ ip: `36.12.0.${n}`, created_at: ago(24 * 30 + n) })),
    ...range(2).map((n) => ({ ip: `77.88.1.${n}`, created_at: ago(n / 10) })),
    ...range(14)
      .reverse()
      .map((n) => ({ ip: `10.36.12.${n}`, created_at: ago(n * 10) })),
  ]
  for (const entry of entries)
    await t.app.db.insert(logs).values({ ...entry, url: '/api/recent', method: 'GET' })
  // Last month's entries move out of the default partition into a month of their own, as the server's
  // daily upkeep moves them.
  await t.app.db.execute(sql`select ensure_log_partitions()`)
})
afterAll(() => t.close())

/** The log's binding searching the last 21 ids first (the last week sorted by time). */
const recent: ResourceBinding = { ...logsBinding, recentFirst: { id: 20, created_at: '7 days' } }
const withoutRecent: ResourceBinding = { ...logsBinding, recentFirst: undefined }

/**
 * A first page of the log's search as the engine reads a word in more entries than it reads by id:
 * two ids read, one row walked, so the word is past both and the recent rows are asked.
 */
async function firstPage(binding: ResourceBinding, keyword: string, sort = '-id') {
  const execute = vi.spyOn(t.app.db, 'execute')
  const page = await listRecords({
    db: t.app.db,
    binding,
    query: { keyword, sort, page: '1', per_page: '10' },
    language: 'en',
    textMatchesRead: 2,
    orderWalkRows: 1,
  })
  const dialect = new PgDialect()
  const texts = execute.mock.calls.map(([query]) => dialect.sqlToQuery(query as SQL).sql)
  execute.mockRestore()
  return {
    ips: page.data.map((row) => row.ip),
    recent: texts.some((text) => text.includes('with matches as')),
  }
}
const tenOf = (prefix: string) => range(10).map((n) => `${prefix}${n}`)

describe('a word in many log entries, looked for among the newest first (issue 22)', () => {
  it('answers the page from the newest entries when they hold one: the same rows in the same order', async () => {
    for (const sort of ['-id', '-created_at']) {
      const page = await firstPage(recent, '36.12', sort)
      expect(page, sort).toEqual({ ips: tenOf('10.36.12.'), recent: true })
      expect(page.ips, sort).toEqual((await firstPage(withoutRecent, '36.12', sort)).ips)
    }
  })

  it('reads the whole log when the newest entries hold less than a page', async () => {
    const byId = await firstPage(recent, '77.88')
    expect(byId.ips).toEqual(['77.88.1.2', '77.88.1.1', ...range(8).map((n) => `77.88.2.${13 - n}`)])
    expect(byId.ips).toEqual((await firstPage(withoutRecent, '77.88')).ips)
    const byTime = await firstPage(recent, '77.88', '-created_at')
    expect(byTime.ips).toEqual(['77.88.1.1', '77.88.1.2', ...tenOf('77.88.2.').slice(0, 8)])
    expect(byTime.ips).toEqual((await firstPage(withoutRecent, '77.88', '-created_at')).ips)
  })

  it('plans only the months that hold the newest entries and the page, not the whole log', async () => {
    const execute = vi.spyOn(t.app.db, 'execute')
    const search = await narrowTextSearch(
      t.app.db,
      recent,
      { keyword: '36.12' },
      buildFilters(recent, { keyword: '36.12' }, [], 'en'),
      2,
      { order: [{ field: 'id', desc: true }], wanted: 11, bounds: isNull(logs.deleted_at), rows: 1 },
    )
    const statements = execute.mock.calls.map(([query]) => query as SQL)
    execute.mockRestore()
    const dialect = new PgDialect()
    const monthsPlanned = async (statement: SQL) => {
      const plan = (await t.app.db.execute(sql`explain ${statement}`)) as unknown as {
        rows: Array<Record<string, string>>
      }
      const text = plan.rows.map((row) => Object.values(row).join(' ')).join('\n')
      return new Set(text.match(/logs_(p\d{4}_\d{2}|default)/g)).size
    }
    const recentRead = statements.find((statement) =>
      dialect.sqlToQuery(statement).sql.includes('with matches as'),
    )
    // The entries lie in the last two months; the log keeps more (made ahead, kept behind).
    expect(await monthsPlanned(sql`select id from ${logs}`)).toBeGreaterThan(3)
    expect(recentRead && (await monthsPlanned(recentRead))).toBeLessThanOrEqual(2)
    // The page is read among the rows found, in the months that hold them.
    expect(await monthsPlanned(sql`select id from ${logs} where ${search.where}`)).toBeLessThanOrEqual(2)
  })

  it('bounds the newest entries by the month that holds the oldest of them, or not at all', async () => {
    const holding = async (since: number) => {
      const result = (await t.app.db.execute(
        sql`select first_partition_holding('logs', 'id', ${since}::bigint) as start`,
      )) as unknown as { rows: Array<{ start: Date | string | null }> }
      const start = result.rows[0]?.start
      return start === null || start === undefined ? null : new Date(start).toISOString()
    }
    const months = (await t.app.db.execute(
      sql`select id, to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM-DD') as month
        from logs where url = '/api/recent' order by id`,
    )) as unknown as { rows: Array<{ id: number | string; month: string }> }
    const rows = months.rows.map((row) => ({ id: Number(row.id), month: `${row.month}T00:00:00.000Z` }))
    const oldest = (since: number) =>
      rows.filter((row) => row.id >= since).reduce((a, b) => (a.month < b.month ? a : b)).month
    // Ids and months disagree in these entries: the bound is the oldest month among them, not the first id's.
    for (const row of rows) expect(await holding(row.id), `since ${row.id}`).toBe(oldest(row.id))
    const last = rows.at(-1)?.id ?? 0
    expect(await holding(last + 1000)).toBeNull()
    // An entry outside every month (in the default partition) leaves the times unbounded.
    const [stray] = await t.app.db
      .insert(logs)
      .values({
        ip: '9.9.9.9',
        url: '/api/stray',
        method: 'GET',
        created_at: new Date('2099-01-01T00:00:00Z'),
      })
      .returning({ id: logs.id })
    try {
      expect(await holding(stray?.id ?? 0)).toBeNull()
      expect(await holding(last)).toBeNull()
    } finally {
      await t.app.db.execute(sql`delete from logs where url = '/api/stray'`)
    }
  })

  it('is not asked for an order it has no span of', async () => {
    expect((await firstPage(recent, '36.12', 'created_at')).recent).toBe(false)
  })
})
