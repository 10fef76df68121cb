import { lt } from 'drizzle-orm'
import type { Redis } from 'ioredis'
import type { Db } from '../../db/client'
import { apiNonces } from '../../db/schema/index'

/** Remembers the nonces of encrypted requests for their window; a second use is a replay. */
export interface NonceStore {
  /** True when the nonce is new (and now remembered), false when it was already used. */
  claim(nonce: string, ttlMs: number): Promise<boolean>
  close(): Promise<void>
}

/** The database store (every process shares it); expired rows go on each claim's way, a few at a time. */
export function databaseNonceStore(db: Db): NonceStore {
  return {
    async claim(nonce, ttlMs) {
      const now = new Date()
      const inserted = await db
        .insert(apiNonces)
        .values({ nonce, expires_at: new Date(now.getTime() + ttlMs) })
        .onConflictDoNothing()
        .returning({ nonce: apiNonces.nonce })
      if (Math.random() < 0.01) await db.delete(apiNonces).where(lt(apiNonces.expires_at, now))
      return inserted.length === 1
    },
    async close() {},
  }
}

/**
 * Redis when REDIS_URL is set (SET NX PX), on a client of `openRedis`, which it closes; the database
 * answers while Redis is out of reach.
 */
export function redisNonceStore(redis: Redis, fallback: NonceStore): NonceStore {
  return {
    async claim(nonce, ttlMs) {
      try {
        return (await redis.set(`api-nonce:${nonce}`, '1', 'PX', ttlMs, 'NX')) === 'OK'
      } catch {
        return fallback.claim(nonce, ttlMs)
      }
    },
    async close() {
      redis.disconnect()
    },
  }
}
