import { Redis } from 'ioredis'

/** Where a Redis client reports losing Redis and finding it again (the server's logger). */
export interface RedisLog {
  warn(details: object, message: string): void
  info(details: object, message: string): void
}

/**
 * A Redis client for something PostgreSQL does while Redis is out of reach (`purpose` names it in the
 * log): a command fails at once when Redis is not connected, rather than waiting in a queue for the
 * reconnections (a limited request waited 0.2, 0.5, 1.4, then 5.2 s), and the client reconnects by
 * itself. Each outage is logged once, and the return.
 */
export function openRedis(url: string, log: RedisLog, purpose: string): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
  let out = false
  let lastError: Error | undefined
  redis.on('error', (error: Error) => {
    lastError = error
  })
  // Emitted when a connection could not be made or was lost (not after our own disconnect).
  redis.on('reconnecting', () => {
    if (out) return
    out = true
    log.warn({ err: lastError, purpose }, `Redis out of reach: ${purpose} in PostgreSQL meanwhile`)
  })
  redis.on('ready', () => {
    if (!out) return
    out = false
    log.info({ purpose }, `Redis reachable again: ${purpose} in Redis`)
  })
  return redis
}
