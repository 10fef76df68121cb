import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db, Tx } from './db-types'
import { cacheEntries } from './schema/index'

/** A cached value that is still live, or undefined. */
export async function readCache(db: Db | Tx, key: string, now = new Date()): Promise<string | undefined> {
  const [row] = await db
    .select({ value: cacheEntries.value })
    .from(cacheEntries)
    .where(and(eq(cacheEntries.key, key), gt(cacheEntries.expires_at, now)))
  return row?.value
}

/** Stores a value for `ttlMs`, replacing the previous one. */
export async function writeCache(db: Db | Tx, key: string, value: string, ttlMs: number, now = new Date()) {
  const expires_at = new Date(now.getTime() + ttlMs)
  await db
    .insert(cacheEntries)
    .values({ key, value, expires_at, updated_at: now })
    .onConflictDoUpdate({ target: cacheEntries.key, set: { value, expires_at, updated_at: now } })
}

/** Forgets a value (one found to be no longer valid). */
export async function deleteCache(db: Db | Tx, key: string): Promise<void> {
  await db.delete(cacheEntries).where(eq(cacheEntries.key, key))
}

/**
 * The live value of `key`, or one `produce` makes — once for every server process on the database:
 * the first caller makes it under an advisory lock on the key while the others wait, then read it.
 * `produce` must not use the database (it runs inside the lock's transaction).
 */
export async function rememberShared(
  db: Db,
  key: string,
  produce: () => Promise<{ value: string; ttlMs: number }>,
): Promise<string> {
  const cached = await readCache(db, key)
  if (cached !== undefined) return cached
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cache:${key}`}))`)
    const fresh = await readCache(tx, key)
    if (fresh !== undefined) return fresh
    const made = await produce()
    await writeCache(tx, key, made.value, made.ttlMs)
    return made.value
  })
}

/**
 * Claims the current period of a task done for all server processes (a clean-up of shared storage):
 * true for the one process whose claim finds the last period over, false for every other until this
 * one is. The key's row in `cache_entries` lives until the period ends; the upsert decides atomically.
 */
export async function claimPeriod(db: Db, key: string, periodMs: number): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into cache_entries (key, value, expires_at, updated_at)
    values (${`period:${key}`}, '', now() + ${periodMs} * interval '1 millisecond', now())
    on conflict (key) do update set expires_at = excluded.expires_at, updated_at = now()
      where cache_entries.expires_at <= now()
    returning key`)) as unknown as { rows: unknown[] }
  return result.rows.length === 1
}
