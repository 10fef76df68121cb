import { methodBitOf } from '@brokerdesk/shared'
import type { Tx } from '../db/client'
import { rawTxQuery } from '../db/raw-query'
import { toStorableText } from '../input/storable-text'
import { locateIp } from '../ip-location/locate-ip'
import { type FieldChanges, SECRET_KEY } from './record-changes'
import type { ResourceContext } from './types'

/** Deeper than any form or import row nests; what lies below is logged as `…`. */
const MAX_LOGGED_DEPTH = 16

/**
 * The request parameters as the log keeps them: anything that looks like a secret removed, texts
 * and keys jsonb cannot store made storable, nesting cut at a depth no input needs.
 */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return toStorableText(value)
  if (!value || typeof value !== 'object' || value instanceof Date) return value
  if (depth >= MAX_LOGGED_DEPTH) return '…'
  if (Array.isArray(value)) return value.map((inner) => withoutSecrets(inner, depth + 1))
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, inner]) => [toStorableText(key), withoutSecrets(inner, depth + 1)]),
  )
}

/**
 * The log entry of a write, with the menu item of the route written through (its menu_id, 0 when
 * none) found by a subquery: one named statement, the same text for every write.
 */
const LOG_INSERT = `insert into "logs" ("menu_id", "user_id", "app_id", "ip", "location", "method", "url", "parameters", "changes", "resource", "record_id")
  values (coalesce((select "id" from "menus" where "url" = $1 and ("method" & $2) <> 0 and "deleted_at" is null limit 1), 0),
    $3, $4, $5, $6, $7, $8, $9::text::jsonb, $10::text::jsonb, $11, $12::integer)`

/**
 * The entries of many records written together (a bulk edit): one per record, each in the same
 * statement, with the menu item looked up once.
 */
const LOG_INSERT_MANY = `insert into "logs" ("menu_id", "user_id", "app_id", "ip", "location", "method", "url", "parameters", "changes", "resource", "record_id")
  select coalesce((select "id" from "menus" where "url" = $1 and ("method" & $2) <> 0 and "deleted_at" is null limit 1), 0),
    $3, $4, $5, $6, $7, $8, e.parameters::jsonb, e.changes::jsonb, $11, e.record_id
  from unnest($9::text[], $10::text[], $12::integer[]) with ordinality as e(parameters, changes, record_id, n)
  order by e.n`

/** Entries written by one statement of LOG_INSERT_MANY. */
const LOG_ENTRIES_PER_STATEMENT = 1000

/** One record's entry of a write that logs each record it changed. */
export interface LogEntry {
  parameters: unknown
  changes: FieldChanges
  record: { resource: string; id: number }
}

/** What the work of a write adds to its log entry. */
export interface LogDetails {
  /** An update's changed fields, before and after (secrets already masked). */
  changes?: FieldChanges
  /** The one record the write created or updated: its history lists the entry. */
  record?: { resource: string; id: number }
  /**
   * A write that changed many records (a bulk edit) logs one entry per record instead, each as a
   * single update of it would be logged; none written: the request's one entry.
   */
  entries?: LogEntry[]
}

const jsonText = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value))

/** The log entries of the records of a write, one per record, in the caller's transaction. */
async function writeOperationLogEntries(tx: Tx, ctx: ResourceContext, entries: LogEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += LOG_ENTRIES_PER_STATEMENT) {
    const part = entries.slice(start, start + LOG_ENTRIES_PER_STATEMENT)
    await rawTxQuery(tx, 'write_operation_log_entries', LOG_INSERT_MANY, [
      ctx.menuUrl,
      methodBitOf(ctx.method),
      ctx.userId,
      ctx.appId ?? 0,
      ctx.ip.slice(0, 100),
      locateIp(ctx.ip).slice(0, 150),
      ctx.method,
      ctx.url,
      part.map((entry) => jsonText(withoutSecrets(entry.parameters ?? null))),
      part.map((entry) => jsonText(entry.changes)),
      part[0].record.resource,
      part.map((entry) => entry.record.id),
    ])
  }
}

/** Writes the operation log of this request inside the caller's transaction. */
export async function writeOperationLog(
  tx: Tx,
  ctx: ResourceContext,
  parameters: unknown,
  details: LogDetails = {},
): Promise<void> {
  await rawTxQuery(tx, 'write_operation_log', LOG_INSERT, [
    ctx.menuUrl,
    methodBitOf(ctx.method),
    ctx.userId,
    ctx.appId ?? 0,
    ctx.ip.slice(0, 100),
    locateIp(ctx.ip).slice(0, 150),
    ctx.method,
    ctx.url,
    jsonText(withoutSecrets(parameters ?? null)),
    jsonText(details.changes),
    details.record?.resource ?? '',
    details.record?.id ?? null,
  ])
}

/**
 * The one way the engine writes: the work and its operation log in one transaction, so a change
 * is never stored without its log entry, and a failed change leaves neither. `parameters` may be a
 * function, called after the work, when what the log keeps depends on the rows the work found.
 */
export async function runWrite<T>(
  ctx: ResourceContext,
  parameters: unknown,
  work: (tx: Tx, log: LogDetails) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    const log: LogDetails = {}
    const result = await work(tx, log)
    if (log.entries && log.entries.length > 0) await writeOperationLogEntries(tx, ctx, log.entries)
    else await writeOperationLog(tx, ctx, typeof parameters === 'function' ? parameters() : parameters, log)
    return result
  })
  ctx.onLogged?.()
  return result
}
