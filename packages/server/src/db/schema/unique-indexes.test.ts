import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../testing/test-database'
import type { Database, Db } from '../client'
import { admins, bankFirm, banks, configs, firms, products, users } from './index'

let database: Database
let db: Db

beforeAll(async () => {
  database = await openTestDatabase()
  db = database.db
})

afterAll(async () => {
  await database?.close()
})

/** Resolves with the PostgreSQL error code the statement failed with, or undefined when it succeeded. */
async function errorCodeOf(statement: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await statement
    return undefined
  } catch (error) {
    const { code, cause } = error as { code?: string; cause?: { code?: string } }
    return cause?.code ?? code
  }
}

const UNIQUE_VIOLATION = '23505'

const insertUser = (values: Partial<typeof users.$inferInsert>) =>
  db
    .insert(users)
    .values({ name: 'Someone', ...values })
    .returning({ id: users.id })

const softDeleteUser = (id: number) =>
  db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, id))

describe('users unique indexes', () => {
  it('rejects a second live user with the same username, and allows it after a soft delete', async () => {
    const [first] = await insertUser({ uname: 'alice01' })
    expect(await errorCodeOf(insertUser({ uname: 'alice01' }))).toBe(UNIQUE_VIOLATION)
    await softDeleteUser(first.id)
    expect(await errorCodeOf(insertUser({ uname: 'alice01' }))).toBeUndefined()
  })

  it('rejects an e-mail that differs only in letter case, and allows it after a soft delete', async () => {
    const [first] = await insertUser({ email: 'Bob@Example.com' })
    expect(await errorCodeOf(insertUser({ email: 'bob@example.COM' }))).toBe(UNIQUE_VIOLATION)
    await softDeleteUser(first.id)
    expect(await errorCodeOf(insertUser({ email: 'bob@example.com' }))).toBeUndefined()
  })

  it('rejects a second live user with the same mobile phone, and allows it after a soft delete', async () => {
    const [first] = await insertUser({ mobile_phone: '13800138000' })
    expect(await errorCodeOf(insertUser({ mobile_phone: '13800138000' }))).toBe(UNIQUE_VIOLATION)
    await softDeleteUser(first.id)
    expect(await errorCodeOf(insertUser({ mobile_phone: '13800138000' }))).toBeUndefined()
  })

  it('lets any number of users leave username, e-mail and mobile phone empty', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await errorCodeOf(insertUser({ uname: '', email: '', mobile_phone: '' }))).toBeUndefined()
    }
  })
})

describe('other unique rules', () => {
  it('keeps one live admin per user', async () => {
    const [user] = await insertUser({ uname: 'carol01' })
    const [admin] = await db.insert(admins).values({ user_id: user.id }).returning({ id: admins.id })
    expect(await errorCodeOf(db.insert(admins).values({ user_id: user.id }))).toBe(UNIQUE_VIOLATION)
    await db.update(admins).set({ deleted_at: new Date() }).where(eq(admins.id, admin.id))
    expect(await errorCodeOf(db.insert(admins).values({ user_id: user.id }))).toBeUndefined()
  })

  it('keeps setting keys unique among live settings', async () => {
    await db.insert(configs).values({ key: 'site_logo', name: 'Logo' })
    expect(await errorCodeOf(db.insert(configs).values({ key: 'site_logo', name: 'Again' }))).toBe(
      UNIQUE_VIOLATION,
    )
  })

  it('keeps product uids unique among live products, empty ones excepted', async () => {
    await db.insert(products).values({ uid: 'P-001', name: 'Term life' })
    expect(await errorCodeOf(db.insert(products).values({ uid: 'P-001', name: 'Copy' }))).toBe(
      UNIQUE_VIOLATION,
    )
    expect(await errorCodeOf(db.insert(products).values([{ name: 'A' }, { name: 'B' }]))).toBeUndefined()
  })

  it('links a bank to an insurance company once', async () => {
    const [firm] = await db.insert(firms).values({ name: 'Ping An' }).returning({ id: firms.id })
    const [bank] = await db.insert(banks).values({ name: 'ICBC' }).returning({ id: banks.id })
    await db.insert(bankFirm).values({ firm_id: firm.id, bank_id: bank.id })
    expect(await errorCodeOf(db.insert(bankFirm).values({ firm_id: firm.id, bank_id: bank.id }))).toBe(
      UNIQUE_VIOLATION,
    )
  })
})
