import { count, isNull } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../testing/test-database'
import type { Database, Db } from '../../client'
import { firms, products, productYear } from '../../schema/index'
import { seedDatabase } from '../index'
import { DEMO_FIRMS } from './demo-firms'
import { DEMO_PRODUCTS_PER_FIRM, seedDemo } from './seed-demo'

let database: Database
let db: Db

// A seeded database of each test's own: the demo seed goes into an empty catalogue once.
beforeEach(async () => {
  database = await openTestDatabase()
  db = database.db
  await seedDatabase(db, { env: 'testing', adminPassword: 'demo-secret' })
})
afterEach(() => database?.close())

describe('the demo seed', () => {
  it('adds at least 30 companies and 300 products spread over them, with periods and statuses', async () => {
    const result = await seedDemo(db)
    expect(result.firms).toBeGreaterThanOrEqual(30)
    expect(result.products).toBe(DEMO_FIRMS.length * DEMO_PRODUCTS_PER_FIRM)
    expect(result.products).toBeGreaterThanOrEqual(300)
    const rows = await db.select().from(products)
    expect(new Set(rows.map((p) => p.firm_id)).size).toBe(DEMO_FIRMS.length)
    expect(new Set(rows.map((p) => p.status))).toEqual(new Set([0, 1, 2]))
    expect(new Set(rows.map((p) => p.classify2_id)).size).toBeGreaterThan(10)
    expect(rows.every((p) => p.classify_id > 0 && p.classify2_id > 0 && p.pclassify_id > 0)).toBe(true)
    const [{ links }] = await db.select({ links: count() }).from(productYear)
    expect(links).toBeGreaterThan(100)
  })

  it('adds nothing the second time', async () => {
    expect((await seedDemo(db)).firms).toBe(DEMO_FIRMS.length)
    expect(await seedDemo(db)).toEqual({ firms: 0, products: 0 })
    const [{ live }] = await db.select({ live: count() }).from(firms).where(isNull(firms.deleted_at))
    expect(live).toBe(DEMO_FIRMS.length)
  })
})
