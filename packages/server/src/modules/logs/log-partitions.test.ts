import type { LogCountPeriod } from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logs } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { PERIOD_LABELS } from '../log-counts/count-logins'
import { firstKeptMonth, keepLogPartitions, MONTHS_AHEAD } from './keep-log-partitions'

let t: TestApp
let admin: AdminClient
const LOGIN_MENU_ID = 64
const PERIODS: LogCountPeriod[] = ['day', 'week', 'month', 'quarter', 'year']

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

/** A month's first day (UTC), `months` from the current one, plus `days` and `hours`. */
function monthsFromNow(months: number, days = 0, hours = 0): Date {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1 + days, hours))
}

/** Entries spread over the months asked: logins from a few addresses, and other entries between them. */
function entries(months: number[], seed: number) {
  let state = seed
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state % n
  }
  return months.flatMap((month) =>
    Array.from({ length: 12 }, () => ({
      menu_id: next(3) === 0 ? 96 : LOGIN_MENU_ID,
      user_id: 1,
      ip: `10.0.0.${next(5)}`,
      created_at: monthsFromNow(month, next(28), next(24)),
    })),
  )
}

/** What the statistics answer for a period, every page. */
async function answered(period: LogCountPeriod) {
  const response = await admin.get(`/admin/log-counts/list?type=${period}&per_page=200`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data
}

/** The same numbers counted from the log itself, as the statistics once did on every view. */
async function counted(period: LogCountPeriod) {
  const result = (await t.app.db.execute(sql`
    select to_char(date_trunc(${period}, created_at at time zone 'UTC'), ${PERIOD_LABELS[period]}) as date,
      count(*)::int as login_count, count(distinct ip)::int as ip_count
    from logs where menu_id = ${LOGIN_MENU_ID} and deleted_at is null
    group by 1 order by 1 desc`)) as unknown as { rows: object[] }
  return result.rows
}

async function expectRollupsEqualTheLog() {
  for (const period of PERIODS) expect(await answered(period), period).toEqual(await counted(period))
}

async function partitions(): Promise<string[]> {
  const result = (await t.app.db.execute(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'logs'::regclass order by 1`)) as unknown as { rows: { name: string }[] }
  return result.rows.map((row) => row.name)
}

const partitionOf = (time: Date) =>
  `logs_p${time.getUTCFullYear()}_${String(time.getUTCMonth() + 1).padStart(2, '0')}`
const keepEverything = { value: async () => '0' }

describe('the operation log by month', () => {
  it('has the partitions of this month and the next ones made ahead, and makes those missing', async () => {
    const made = await keepLogPartitions(t.app.db, keepEverything)
    expect(made.dropped).toBe(0)
    const names = await partitions()
    for (let month = 0; month <= MONTHS_AHEAD; month++)
      expect(names).toContain(partitionOf(monthsFromNow(month)))
    expect(names).toContain('logs_default')
  })

  it('moves entries dated before any partition into their month, ids unique and each found by id', async () => {
    const old = monthsFromNow(-30, 3)
    const [entry] = await t.app.db
      .insert(logs)
      .values({ menu_id: 96, url: '/old', created_at: old })
      .returning()
    expect(await partitions()).not.toContain(partitionOf(old))
    await keepLogPartitions(t.app.db, keepEverything)
    expect(await partitions()).toContain(partitionOf(old))
    const where = (await t.app.db.execute(
      sql`select tableoid::regclass::text as name from logs where id = ${entry?.id}`,
    )) as unknown as { rows: { name: string }[] }
    expect(where.rows).toEqual([{ name: partitionOf(old) }])
    expect((await admin.get(`/admin/logs/${entry?.id}`)).json().row).toMatchObject({
      id: entry?.id,
      url: '/old',
    })
    const [newer] = await t.app.db.insert(logs).values({ menu_id: 96, url: '/new' }).returning()
    expect(newer?.id).toBeGreaterThan(entry?.id ?? 0)
    const listed = await admin.get('/admin/logs/list?per_page=15')
    expect(listed.statusCode, listed.body).toBe(200)
    const page = listed.json().data
    expect(page[0].id).toBe(newer?.id)
  })

  it('keeps the login statistics equal to a count of the log as logins are written and deleted', async () => {
    await t.app.db.insert(logs).values(entries([-14, -13, -2, -1, 0], 7))
    await expectRollupsEqualTheLog()
    const logins = await t.app.db.execute(
      sql`select id from logs where menu_id = ${LOGIN_MENU_ID} and deleted_at is null order by id limit 9`,
    )
    const ids = (logins as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id))
    expect((await admin.delete('/admin/logs', { ids })).json()).toEqual({ deleted: ids.length })
    await t.app.db.execute(sql`delete from logs where id = ${ids[0]}`)
    await t.app.db.execute(
      sql`delete from logs where id in (select id from logs where menu_id = ${LOGIN_MENU_ID} and deleted_at is null order by id desc limit 3)`,
    )
    await expectRollupsEqualTheLog()
  })

  it('drops whole months before those kept, their statistics with them, and nothing of a kept month', async () => {
    await t.app.db.insert(logs).values(entries([-5, -4, -3], 11))
    const firstKept = monthsFromNow(-3)
    // The first moment of the oldest month kept, and the last one before it.
    await t.app.db.insert(logs).values([
      { menu_id: LOGIN_MENU_ID, ip: '10.9.9.9', created_at: firstKept },
      { menu_id: LOGIN_MENU_ID, ip: '10.9.9.8', created_at: new Date(firstKept.getTime() - 1) },
    ])
    await keepLogPartitions(t.app.db, keepEverything)
    const before = await partitions()
    expect(before).toContain(partitionOf(monthsFromNow(-4)))

    const { dropped } = await keepLogPartitions(t.app.db, { value: async () => '3' })
    expect(firstKeptMonth(3)).toBe(firstKept.toISOString().slice(0, 10))
    expect(dropped).toBeGreaterThanOrEqual(3)
    const after = await partitions()
    expect(after.filter((name) => name !== 'logs_default' && name < partitionOf(firstKept))).toEqual([])
    expect(after).toContain(partitionOf(firstKept))
    const left = (await t.app.db.execute(
      sql`select min(created_at) as first, count(*)::int as entries from logs where created_at < ${firstKept.toISOString()}`,
    )) as unknown as { rows: { entries: number }[] }
    expect(left.rows[0]?.entries).toBe(0)
    const kept = (await t.app.db.execute(
      sql`select count(*)::int as n from logs where ip = '10.9.9.9'`,
    )) as unknown as { rows: { n: number }[] }
    expect(kept.rows[0]?.n).toBe(1)
    await expectRollupsEqualTheLog()
  })
})
