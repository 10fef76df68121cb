import { sql } from 'drizzle-orm'
import type { Db } from './client'

/** How often the replica's position is compared with the primary's. */
export const REPLICA_CHECK_MS = 1000

/** A write-ahead-log position (`16/B374D848`) as a number of bytes. */
export function lsnBytes(lsn: string): bigint {
  const [high, low] = lsn.split('/')
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`)
}

const LSN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i

/** Whether a value is a write-ahead-log position (from a cookie: anything else is ignored). */
export const isLsn = (value: unknown): value is string => typeof value === 'string' && LSN.test(value)

export interface ReplicaStatus {
  /** ok: reads go there; late: behind more than the limit; down: not answering. Both late and down read the primary. */
  state: 'ok' | 'late' | 'down'
  /** How far behind the primary it was at the last check (ms since it was level; 0 when level). */
  lag_ms: number | null
  lag_bytes: number | null
  checked_at: string | null
}

export interface ReadReplica {
  status(): ReplicaStatus
  /**
   * The database a read may use: the replica when it is up, not later than the limit, and has
   * replayed `after` (the caller's last write, read-your-writes); otherwise the primary.
   */
  reader(after?: string): Db
  /** The primary's current position (taken after a write: reads until the replica has it go to the primary). */
  primaryPosition(): Promise<string>
  stop(): void
}

/**
 * Watches a streaming replica: every second the primary's position (`pg_current_wal_lsn`) and the
 * replica's (`pg_last_wal_replay_lsn`); the lag in time is how long the replica has been behind a
 * position the primary had reached (0 while level, which an idle primary's replay timestamp is not).
 * State changes are reported (`onChange`): a replica down or late is logged and reads fall back.
 */
export function watchReplica(options: {
  primary: Db
  replica: Db
  maxLagMs: number
  onChange: (status: ReplicaStatus) => void
  checkMs?: number
}): ReadReplica {
  let status: ReplicaStatus = { state: 'down', lag_ms: null, lag_bytes: null, checked_at: null }
  let replayed = 0n
  /** The primary's positions not yet replayed, with when they were seen. */
  const pending: { at: number; position: bigint }[] = []
  let running = false

  const check = async () => {
    if (running) return
    running = true
    const now = Date.now()
    let next: ReplicaStatus
    try {
      const [primaryRow] = (
        (await options.primary.execute(sql`select pg_current_wal_lsn()::text as lsn`)) as unknown as {
          rows: { lsn: string }[]
        }
      ).rows
      const [replicaRow] = (
        (await options.replica.execute(
          sql`select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as recovery`,
        )) as unknown as { rows: { lsn: string | null; recovery: boolean }[] }
      ).rows
      if (!replicaRow.recovery || !replicaRow.lsn) throw new Error('not a streaming replica')
      const head = lsnBytes(primaryRow.lsn)
      replayed = lsnBytes(replicaRow.lsn)
      if (head > replayed && (pending.length === 0 || pending[pending.length - 1].position < head))
        pending.push({ at: now, position: head })
      while (pending.length > 0 && pending[0].position <= replayed) pending.shift()
      const lagMs = pending.length > 0 ? now - pending[0].at : 0
      const lagBytes = head > replayed ? Number(head - replayed) : 0
      next = {
        state: lagMs > options.maxLagMs ? 'late' : 'ok',
        lag_ms: lagMs,
        lag_bytes: lagBytes,
        checked_at: new Date(now).toISOString(),
      }
    } catch {
      pending.length = 0
      next = { state: 'down', lag_ms: null, lag_bytes: null, checked_at: new Date(now).toISOString() }
    } finally {
      running = false
    }
    const changed = next.state !== status.state
    status = next
    if (changed) options.onChange(status)
  }
  void check()
  const timer = setInterval(() => void check(), options.checkMs ?? REPLICA_CHECK_MS)
  timer.unref()

  return {
    status: () => status,
    reader(after) {
      if (status.state !== 'ok') return options.primary
      if (after !== undefined && isLsn(after) && lsnBytes(after) > replayed) return options.primary
      return options.replica
    },
    async primaryPosition() {
      const result = (await options.primary.execute(
        sql`select pg_current_wal_lsn()::text as lsn`,
      )) as unknown as { rows: { lsn: string }[] }
      return result.rows[0].lsn
    },
    stop: () => clearInterval(timer),
  }
}
