import type { LoginSeriesAnswer } from '@brokerdesk/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logs } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let admin: AdminClient
const LOGIN_MENU_ID = 64
const DAY = 86_400_000

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

async function series(range: string): Promise<LoginSeriesAnswer> {
  const response = await admin.get(`/admin/index?range=${range}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

const total = (answer: LoginSeriesAnswer) => answer.data.reduce((sum, point) => sum + point.login_count, 0)
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10)

describe('the login charts of the back-office home', () => {
  it('answer zeros for every day of the week, and no periods at all, before anyone logged in', async () => {
    const week = await series('week')
    expect(week).toMatchObject({ range: 'week', period: 'day' })
    expect(week.data).toHaveLength(7)
    expect(week.data.every((point) => point.login_count === 0 && point.ip_count === 0)).toBe(true)
    expect((await series('all')).data).toEqual([])
  })

  it('count successful logins and distinct IPs per period of each range', async () => {
    const ago = (days: number, ip: string) => ({
      menu_id: LOGIN_MENU_ID,
      user_id: 1,
      ip,
      created_at: new Date(Date.now() - days * DAY),
    })
    await t.app.db
      .insert(logs)
      .values([
        ago(0, '1.1.1.1'),
        ago(0, '1.1.1.1'),
        ago(0, '2.2.2.2'),
        ago(3, '3.3.3.3'),
        ago(20, '3.3.3.3'),
        ago(60, '4.4.4.4'),
        ago(200, '5.5.5.5'),
        ago(500, '6.6.6.6'),
        { ...ago(0, '9.9.9.9'), deleted_at: new Date() },
        { ...ago(0, '8.8.8.8'), menu_id: 96 },
      ])

    const week = await series('week')
    expect(week.data).toHaveLength(7)
    expect(week.data.at(-1)).toMatchObject({ login_count: 3, ip_count: 2 })
    expect(week.data.at(-4)?.login_count).toBe(1)
    expect(total(week)).toBe(4)
    expect(week.data.map((point) => point.date)).toEqual(week.data.map((point) => point.start))

    const month = await series('month')
    expect([month.period, month.data.length, total(month)]).toEqual(['day', 30, 5])

    const quarter = await series('three_months')
    expect(quarter.period).toBe('week')
    expect(quarter.data.length).toBeGreaterThanOrEqual(13)
    expect(quarter.data.every((point) => /^\d{4}-W\d{2}$/.test(point.date))).toBe(true)
    expect(total(quarter)).toBe(6)

    const year = await series('year')
    expect([year.period, year.data.length, total(year)]).toEqual(['month', 12, 7])

    const all = await series('all')
    expect(all.period).toBe('month')
    expect(total(all)).toBe(8)
    expect(all.data[0].start).toBe(`${isoDay(Date.now() - 500 * DAY).slice(0, 7)}-01`)
    expect(all.data.at(-1)?.date).toBe(isoDay(Date.now()).slice(0, 7))
  })

  it('refuse an unknown range', async () => {
    expect((await admin.get('/admin/index?range=decade')).statusCode).toBe(422)
  })
})
