import fs from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsBefore } from '../testing/migrations-before'
import { openTestDatabase } from '../testing/test-database'
import type { Database } from './client'
import { seedDatabase } from './seed/index'

let database: Database
let oldMigrations: string
let before: { id: number }[]

beforeAll(async () => {
  database = await openTestDatabase({ migrate: false })
  oldMigrations = migrationsBefore('0018_log_partitions')
  await database.migrate(oldMigrations)
  await seedDatabase(database.db, { env: 'testing' })
  // The log of an installation of that time: logins and other entries over four months.
  await database.db.execute(sql`
    insert into logs (menu_id, user_id, ip, url, created_at, deleted_at)
    select case when g % 3 = 0 then 64 else 88 end, 1, '10.0.0.' || g % 7, '/api/x',
      timestamptz '2025-01-15' + g * interval '7 hours', case when g % 50 = 0 then now() end
    from generate_series(1, 300) g`)
  before = await rows<{ id: number }>(sql`select id from logs order by id`)
  await database.migrate()
})
afterAll(async () => {
  await database?.close()
  fs.rmSync(oldMigrations, { recursive: true, force: true })
})

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows

describe('upgrading an installation whose operation log is one table', () => {
  it('moves every entry into its month, keeps the ids going and counts the logins it held', async () => {
    expect(await rows(sql`select id from logs order by id`)).toEqual(before)
    const months = await rows<{ name: string; entries: number }>(sql`
      select tableoid::regclass::text as name, count(*)::int as entries from logs group by 1 order by 1`)
    expect(months.map((month) => month.name)).toEqual([
      'logs_p2025_01',
      'logs_p2025_02',
      'logs_p2025_03',
      'logs_p2025_04',
    ])
    const [next] = await rows<{ id: number }>(sql`insert into logs (url) values ('/next') returning id`)
    expect(Number(next?.id)).toBe(Number(before.at(-1)?.id) + 1)
    const counted = await rows(sql`
      select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM-DD') as bucket,
        count(*)::int as logins, count(distinct ip)::int as ips
      from logs where menu_id = 64 and deleted_at is null group by 1 order by 1`)
    expect(
      await rows(
        sql`select bucket::text as bucket, logins, ips from login_counts where period = 'month' order by 1`,
      ),
    ).toEqual(counted)
  })
})
