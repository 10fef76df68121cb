import { sql } from 'drizzle-orm'
import type { Redis } from 'ioredis'
import type { Db } from './db-types'

/**
 * Fixed-window counters every server process shares (per-user limits): Redis when REDIS_URL is set,
 * else the database's `cache_entries` (a count that lives until its window ends).
 */
export interface SharedCounter {
  /** Counts one use of `key`; answers the seconds to wait when it is over `limit` in its window, else 0. */
  take(key: string, limit: number, windowMs: number): Promise<number>
  close(): Promise<void>
}

const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

/** The database counter: one upserted row per key, started again once its window has ended. */
export function databaseCounter(db: Db): SharedCounter {
  return {
    async take(key, limit, windowMs) {
      const result = (await db.execute(sql`
        insert into cache_entries (key, value, expires_at, updated_at)
        values (${`counter:${key}`}, '1', now() + ${windowMs} * interval '1 millisecond', now())
        on conflict (key) do update set
          value = case when cache_entries.expires_at <= now() then '1'
            else (cache_entries.value::int + 1)::text end,
          expires_at = case when cache_entries.expires_at <= now() then excluded.expires_at
            else cache_entries.expires_at end,
          updated_at = now()
        returning value::int as count, extract(epoch from expires_at - now()) * 1000 as left_ms`)) as unknown as {
        rows: Array<{ count: number; left_ms: number | string }>
      }
      const [row] = result.rows
      return row.count > limit ? secondsUntil(Number(row.left_ms)) : 0
    },
    async close() {},
  }
}

/**
 * The Redis counter (INCR of a key that expires with its window) on a client of `openRedis`, which it
 * closes; the database counts while Redis is out of reach.
 */
export function redisCounter(redis: Redis, fallback: SharedCounter): SharedCounter {
  return {
    async take(key, limit, windowMs) {
      const name = `counter:${key}`
      try {
        const results = await redis.multi().set(name, '0', 'PX', windowMs, 'NX').incr(name).pttl(name).exec()
        const failed = results?.find(([error]) => error)
        if (!results || failed) throw failed?.[0] ?? new Error('redis transaction discarded')
        const count = Number(results[1][1])
        return count > limit ? secondsUntil(Number(results[2][1])) : 0
      } catch {
        return fallback.take(key, limit, windowMs)
      }
    },
    async close() {
      redis.disconnect()
    },
  }
}
