import { asc, count, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../testing/test-database'
import type { Database, Db } from '../../client'
import { findNestedSetProblems } from '../../nested-set'
import { areas, banks, classifys, pclassifys, years } from '../../schema/index'
import { seedDatabase } from '../index'
import { BANK_ROWS } from './bank-rows'
import { CLASSIFY_TREE } from './tree-rows'

let database: Database
let db: Db

beforeAll(async () => {
  database = await openTestDatabase()
  db = database.db
  await seedDatabase(db, { env: 'testing', adminPassword: 'seed-secret' })
})
afterAll(() => database?.close())

const snapshot = async () => ({
  areas: await db.select().from(areas).orderBy(asc(areas.id)),
  banks: await db.select().from(banks).orderBy(asc(banks.id)),
  classifys: await db.select().from(classifys).orderBy(asc(classifys.id)),
  pclassifys: await db.select().from(pclassifys).orderBy(asc(pclassifys.id)),
  years: await db.select().from(years).orderBy(asc(years.id)),
})

describe('the catalogue seed', () => {
  it('loads provinces, cities and districts as one valid nested set', async () => {
    const rows = await db.select().from(areas)
    expect(rows.length).toBeGreaterThan(3000)
    expect(findNestedSetProblems(rows)).toEqual([])
    expect(rows.filter((r) => r.level === 1)).toHaveLength(34)
    expect(rows.find((r) => r.id === 320500)).toMatchObject({ name: '苏州市', parent_id: 320000, level: 2 })
  })

  it('loads the banks, two-level classifications, groupings and payment periods', async () => {
    expect((await db.select().from(banks)).map((b) => b.name)).toEqual(
      expect.arrayContaining(['工商银行', '农业银行', '中国银行', '建设银行', '交通银行', '招商银行']),
    )
    const tree = await db.select().from(classifys)
    expect(findNestedSetProblems(tree)).toEqual([])
    expect(Math.max(...tree.map((c) => c.level))).toBe(2)
    expect(findNestedSetProblems(await db.select().from(pclassifys))).toEqual([])
    expect((await db.select().from(years)).length).toBeGreaterThanOrEqual(7)
  })

  it('changes nothing when run again, and never refills a table an administrator emptied', async () => {
    const before = await snapshot()
    await seedDatabase(db, { env: 'testing' })
    expect(await snapshot()).toEqual(before)

    await db.update(banks).set({ deleted_at: new Date() })
    await db.update(years).set({ name: 'Renamed' }).where(eq(years.id, 1))
    await seedDatabase(db, { env: 'testing' })
    const [{ live }] = await db.select({ live: count() }).from(banks).where(isNull(banks.deleted_at))
    expect(live).toBe(0)
    expect((await db.select().from(years).where(eq(years.id, 1)))[0].name).toBe('Renamed')
  })

  it('moves the id sequences past the seeded ids', async () => {
    const [bank] = await db.insert(banks).values({ name: 'New' }).returning()
    const [classify] = await db.insert(classifys).values({ name: 'New' }).returning()
    const seededClassifys = CLASSIFY_TREE.reduce((total, [, children]) => total + 1 + children.length, 0)
    expect(bank.id).toBe(BANK_ROWS.length + 1)
    expect(classify.id).toBe(seededClassifys + 1)
  })
})
