import { sql } from 'drizzle-orm'
import { isDatabaseUnavailable, isRecoveryConflict } from './database-unavailable'
import type { Db } from './db-types'
import { readCache } from './shared-cache'

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

/** How long a caller's last write is remembered (longer than any lag the replica may be used at). */
export const WRITTEN_MS = 60_000

/** Where the positions come from: the primary's current one, and the replica's replayed one (null: not a standby). */
export type PositionProbe = () => Promise<{ primary: string; replica: string | null }>

export interface ReadReplica {
  status(): ReplicaStatus
  /**
   * The database a read may use: the replica when it is up, not later than the limit, and has
   * replayed `after` (the caller's last write, read-your-writes); otherwise the primary.
   */
  reader(after?: string): Db
  /**
   * Runs a read of `caller` (e.g. `user:12`; anonymous callers have none) on the database `reader`
   * chooses after the caller's last write as every process remembers it (`rememberWrite`). When the
   * replica fails it (out of reach, or a statement cancelled by a conflict with recovery), the read
   * runs again on the primary — reads may run twice — and a replica out of reach counts as down until
   * the next check finds it back.
   */
  read<T>(caller: string | undefined, work: (db: Db) => Promise<T>): Promise<T>
  /**
   * Remembers for WRITTEN_MS the primary's position after a write of `caller`, for every process:
   * one upsert of `cache_entries` on the primary, keeping the later position of two.
   */
  rememberWrite(caller: string): Promise<void>
  /**
   * Who hears that the replica went down, fell late or came back (reads fall back to the primary
   * meanwhile); told the current state at once when a check has already found it.
   */
  onChange(listener: (status: ReplicaStatus) => void): void
  stop(): void
}

/** The two statements that read the positions: `pg_current_wal_lsn` on the primary, the replay position on the replica. */
export function probePositions(primary: Db, replica: Db): PositionProbe {
  return async () => {
    const [primaryRow] = (
      (await primary.execute(sql`select pg_current_wal_lsn()::text as lsn`)) as unknown as {
        rows: { lsn: string }[]
      }
    ).rows
    const [replicaRow] = (
      (await replica.execute(
        sql`select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as recovery`,
      )) as unknown as { rows: { lsn: string | null; recovery: boolean }[] }
    ).rows
    return { primary: primaryRow.lsn, replica: replicaRow.recovery ? replicaRow.lsn : null }
  }
}

const writtenKey = (caller: string) => `written:${caller}`

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
  checkMs?: number
  /** How the positions are read (default `probePositions`; tests set the replica's position by hand). */
  probe?: PositionProbe
}): ReadReplica {
  const probe = options.probe ?? probePositions(options.primary, options.replica)
  let report: (next: ReplicaStatus) => void = () => undefined
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
      const positions = await probe()
      if (!positions.replica) throw new Error('not a streaming replica')
      const head = lsnBytes(positions.primary)
      replayed = lsnBytes(positions.replica)
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
    if (changed) report(status)
  }
  void check()
  const timer = setInterval(() => void check(), options.checkMs ?? REPLICA_CHECK_MS)
  timer.unref()

  const reader = (after?: string) => {
    if (status.state !== 'ok') return options.primary
    if (after !== undefined && isLsn(after) && lsnBytes(after) > replayed) return options.primary
    return options.replica
  }
  return {
    status: () => status,
    reader,
    async read(caller, work) {
      // Not in use: no need to ask where the caller's last write is.
      if (status.state !== 'ok') return work(options.primary)
      const db =
        caller === undefined ? options.replica : reader(await readCache(options.primary, writtenKey(caller)))
      if (db === options.primary) return work(db)
      try {
        return await work(db)
      } catch (error) {
        const unreachable = isDatabaseUnavailable(error)
        if (!unreachable && !isRecoveryConflict(error)) throw error
        if (unreachable && status.state === 'ok') {
          status = { ...status, state: 'down', checked_at: new Date().toISOString() }
          report(status)
        }
        return work(options.primary)
      }
    },
    async rememberWrite(caller) {
      await options.primary.execute(sql`
        insert into cache_entries (key, value, expires_at, updated_at)
        values (${writtenKey(caller)}, pg_current_wal_lsn()::text,
          now() + ${WRITTEN_MS} * interval '1 millisecond', now())
        on conflict (key) do update set
          value = case when cache_entries.expires_at <= now() then excluded.value
            else greatest(cache_entries.value::pg_lsn, excluded.value::pg_lsn)::text end,
          expires_at = excluded.expires_at, updated_at = now()`)
    },
    onChange(listener) {
      report = listener
      // The state found before anyone listened (the first check ends while the app is being built).
      if (status.checked_at) listener(status)
    },
    stop: () => clearInterval(timer),
  }
}
