import fs from 'node:fs'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsBefore } from '../testing/migrations-before'
import { openTestDatabase } from '../testing/test-database'
import type { Database } from './client'
import { menus } from './schema/index'
import { seedDatabase } from './seed/index'

let database: Database
let oldMigrations: string

beforeAll(async () => {
  database = await openTestDatabase({ migrate: false })
  oldMigrations = migrationsBefore('0004_operations_log')
  // An installation of that time: its migrations and seed, log statistics hidden like the login route item.
  await database.migrate(oldMigrations)
  await seedDatabase(database.db, { env: 'testing' })
  await database.db.update(menus).set({ status: 2 }).where(eq(menus.id, 160))
})
afterAll(async () => {
  await database?.close()
  fs.rmSync(oldMigrations, { recursive: true, force: true })
})

describe('upgrading an installation seeded before the operations issue', () => {
  it('shows log statistics in the menu and adds the log changes, leaving other hidden items hidden', async () => {
    const { db } = database
    await database.migrate()
    const rows = await db
      .select({ id: menus.id, status: menus.status })
      .from(menus)
      .where(inArray(menus.id, [160, 64]))
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({ 160: 1, 64: 2 })
    const columns = (await db.execute(
      sql`select column_name from information_schema.columns where table_name = 'logs' and column_name = 'changes'`,
    )) as unknown as { rows: unknown[] }
    expect(columns.rows).toHaveLength(1)
  })
})
