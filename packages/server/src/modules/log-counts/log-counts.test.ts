import type { LogCountPeriod } from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logs } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { insertLimitedAdmin } from '../../resource/testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { PERIOD_LABELS } from './count-logins'

let t: TestApp
let admin: AdminClient
const LOGIN_MENU_ID = 64

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
  const login = (at: string, ip: string) => ({
    menu_id: LOGIN_MENU_ID,
    user_id: 1,
    ip,
    created_at: new Date(at),
  })
  await t.app.db
    .insert(logs)
    .values([
      login('2024-01-30T10:00:00Z', '1.1.1.1'),
      login('2024-01-30T11:00:00Z', '1.1.1.1'),
      login('2024-01-30T12:00:00Z', '2.2.2.2'),
      login('2024-01-31T09:00:00Z', '3.3.3.3'),
      login('2024-02-02T09:00:00Z', '3.3.3.3'),
      login('2024-04-02T09:00:00Z', '4.4.4.4'),
      { ...login('2024-01-30T13:00:00Z', '9.9.9.9'), deleted_at: new Date() },
      { menu_id: 96, user_id: 1, ip: '5.5.5.5', created_at: new Date('2024-01-30T10:00:00Z') },
    ])
})
afterAll(() => t.close())

const list = async (query: string) => {
  const response = await admin.get(`/admin/log-counts/list?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

describe('log statistics', () => {
  it('count successful logins and distinct IPs per day, newest first', async () => {
    const body = await list('type=day&created_at=2024-01-01,2024-02-29')
    expect(body.data).toEqual([
      { date: '2024-02-02', login_count: 1, ip_count: 1 },
      { date: '2024-01-31', login_count: 1, ip_count: 1 },
      { date: '2024-01-30', login_count: 3, ip_count: 2 },
    ])
    expect(body.total).toBe(3)
  })

  it('group by week, month, quarter and year', async () => {
    expect((await list('type=month')).data).toEqual([
      { date: '2024-04', login_count: 1, ip_count: 1 },
      { date: '2024-02', login_count: 1, ip_count: 1 },
      { date: '2024-01', login_count: 4, ip_count: 3 },
    ])
    expect((await list('type=quarter&sort=date')).data.map((r: { date: string }) => r.date)).toEqual([
      '2024-Q1',
      '2024-Q2',
    ])
    expect((await list('type=year')).data).toEqual([{ date: '2024', login_count: 6, ip_count: 4 }])
    expect((await list('type=week')).data.map((r: { date: string }) => r.date)).toEqual([
      '2024-W14',
      '2024-W05',
    ])
  })

  it('page and export like any list, and refuse an unknown period', async () => {
    expect(await list('type=day&page=1&per_page=10')).toMatchObject({ current_page: 1, last_page: 1 })
    const exported = (await admin.get('/admin/log-counts/excel?type=month')).json()
    expect(exported).toMatchObject({ current_page: 1, last_page: 1, max_id: 0 })
    expect(exported.data).toHaveLength(3)
    expect((await admin.get('/admin/log-counts/list?type=decade')).statusCode).toBe(422)
  })

  it('refuse a range with a day that does not exist or a time beyond year 9999', async () => {
    for (const range of ['2024-02-31,', '%2B275760-09-13,', ',9999-12-31T23:59:59-14:00']) {
      const response = await admin.get(`/admin/log-counts/list?created_at=${range}`)
      expect(response.statusCode, range).toBe(422)
      expect(Object.keys(response.json().errors)).toEqual(['created_at'])
    }
    expect((await list('created_at=2024-01-30,9999-12-31')).data).toHaveLength(4)
  })

  it('has only the list and export actions', async () => {
    const page = (await admin.get('/admin/log-counts')).json()
    expect(page.actions).toEqual(['list', 'export'])
    expect(page.options.type.map((o: { value: string }) => o.value)).toEqual([
      'day',
      'week',
      'month',
      'quarter',
      'year',
    ])
    const { user } = await insertLimitedAdmin(t.app.db, [{ url: '/admin/log-counts/list', method: 1 }])
    const clerk = await adminClient(t.app, user.id)
    expect((await clerk.get('/admin/log-counts/list')).statusCode).toBe(200)
    expect((await clerk.get('/admin/log-counts/excel')).statusCode).toBe(403)
  })
})

describe('a range that cuts periods', () => {
  /** The statistics of a range counted from the log itself. */
  async function counted(period: LogCountPeriod, from: string, to: string, toExclusive: boolean) {
    const result = (await t.app.db.execute(sql`
      select to_char(date_trunc(${period}, created_at at time zone 'UTC'), ${PERIOD_LABELS[period]}) as date,
        count(*)::int as login_count, count(distinct ip)::int as ip_count
      from logs where menu_id = ${LOGIN_MENU_ID} and deleted_at is null
        and created_at >= ${from}::timestamptz
        and (created_at < ${to}::timestamptz or (not ${toExclusive} and created_at = ${to}::timestamptz))
      group by 1 order by 1 desc`)) as unknown as { rows: object[] }
    return result.rows
  }

  beforeAll(async () => {
    // Logins every 7 hours over a quarter and a half, from 11 addresses.
    await t.app.db.insert(logs).values(
      Array.from({ length: 500 }, (_, i) => ({
        menu_id: LOGIN_MENU_ID,
        user_id: 1,
        ip: `7.7.7.${i % 11}`,
        created_at: new Date(Date.UTC(2025, 1, 20) + i * 7 * 3_600_000),
      })),
    )
  })

  /** Every grouping of a range (as asked, and as the log is filtered) answered like a count of the log. */
  async function expectCountedLikeTheLog(ranges: [string, string, string, boolean][]) {
    for (const [query, from, to, toExclusive] of ranges) {
      for (const period of ['day', 'week', 'month', 'quarter', 'year'] as const) {
        const expected = await counted(period, from, to, toExclusive)
        expect(expected.length).toBeGreaterThan(0)
        const body = await list(`type=${period}&created_at=${encodeURIComponent(query)}&per_page=200`)
        expect(body.data, `${period} ${query}`).toEqual(expected)
        expect(body.total).toBe(expected.length)
      }
    }
  }

  it('counts the days of the range in each period it cuts, like a count of the log', async () => {
    await expectCountedLikeTheLog([
      ['2025-02-26,2025-05-13', '2025-02-26T00:00:00Z', '2025-05-14T00:00:00Z', true],
      ['2025-02-21,2025-06-30', '2025-02-21T00:00:00Z', '2025-07-01T00:00:00Z', true],
    ])
  })

  it('counts a range given to the second, its hours at either end read from the log', async () => {
    await expectCountedLikeTheLog([
      ['2025-03-03T10:30:00Z,2025-03-17T05:00:00Z', '2025-03-03T10:30:00Z', '2025-03-17T05:00:00Z', false],
      ['2025-03-05T22:00:00Z,2025-03-06T01:00:00Z', '2025-03-05T22:00:00Z', '2025-03-06T01:00:00Z', false],
      ['2025-02-21T06:00:00Z,2025-06-30', '2025-02-21T06:00:00Z', '2025-07-01T00:00:00Z', true],
    ])
  })

  it('reads those hours from an index of the logins, made again when the login item changes', async () => {
    const condition = async () => {
      const result = (await t.app.db.execute(
        sql`select indexdef from pg_indexes where indexname = 'logs_logins_idx'`,
      )) as unknown as { rows: Array<{ indexdef: string }> }
      return result.rows[0]?.indexdef.match(/menu_id = (\d+)/)?.[1]
    }
    expect(await condition()).toBe(String(LOGIN_MENU_ID))
    await t.app.db.execute(sql`update menus set deleted_at = now() where id = ${LOGIN_MENU_ID}`)
    try {
      expect(await condition()).toBe('0')
    } finally {
      await t.app.db.execute(sql`update menus set deleted_at = null where id = ${LOGIN_MENU_ID}`)
    }
    expect(await condition()).toBe(String(LOGIN_MENU_ID))
    await expectCountedLikeTheLog([
      ['2025-03-03T10:30:00Z,2025-03-17T05:00:00Z', '2025-03-03T10:30:00Z', '2025-03-17T05:00:00Z', false],
    ])
  })

  it('pages a cut range with the cut periods at either end of the order, each period once', async () => {
    const pages = []
    for (let page = 1; page <= 3; page++) {
      pages.push(
        ...(await list(`type=week&created_at=2025-02-21T06:00:00Z,2025-06-30&per_page=10&page=${page}`)).data,
      )
    }
    expect(pages).toEqual(await counted('week', '2025-02-21T06:00:00Z', '2025-07-01T00:00:00Z', true))
  })
})
