import { methodBitOf } from '@brokerdesk/shared'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../db/client'
import { rawQuery, rawTxQuery } from '../db/raw-query'
import { toStorableText } from '../input/storable-text'
import { locateIp } from '../ip-location/locate-ip'

/** Keys whose values the log never keeps (nor a record's history shows). */
export const SECRET_KEY = /password|secret|token|^_token$/i

/** Deeper than any form or import row nests; what lies below is logged as `…`. */
const MAX_LOGGED_DEPTH = 16

/**
 * The request parameters as the log keeps them: anything that looks like a secret removed (a flag
 * named like one, `common_password: true`, tells no secret and stays), texts and keys jsonb cannot
 * store made storable, nesting cut at a depth no input needs.
 */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return toStorableText(value)
  if (!value || typeof value !== 'object' || value instanceof Date) return value
  if (depth >= MAX_LOGGED_DEPTH) return '…'
  if (Array.isArray(value)) return value.map((inner) => withoutSecrets(inner, depth + 1))
  // A loop rather than entries → filter → map → fromEntries: an import logs thousands of values a chunk.
  const kept: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (typeof inner !== 'boolean' && SECRET_KEY.test(key)) continue
    const storable = toStorableText(key)
    const logged = withoutSecrets(inner, depth + 1)
    // `__proto__` is kept as a key, as JSON gave it (an assignment would set the prototype).
    if (storable === '__proto__') Object.defineProperty(kept, storable, { value: logged, enumerable: true })
    else kept[storable] = logged
  }
  return kept
}

/** A field's value before and after a write. */
export type FieldChanges = Record<string, { before: unknown; after: unknown }>

/** A write's webhook event: its name and one body per record. */
export interface WebhookEvent {
  name: string
  bodies: string[]
}

/** The notification channel a committed delivery wakes the processes' senders on. */
export const WEBHOOK_CHANNEL = 'brokerdesk_webhook_deliveries'

/**
 * One pending delivery per record and enabled webhook choosing the event, and a notification sent
 * only if the transaction commits; nothing is inserted (and no one notified) when no webhook
 * chooses the event. CTEs of a statement (their parameters named by `event` and `bodies`).
 */
export const queueDeliveries = (event: string, bodies: string) => `queued as (
    insert into "webhook_deliveries" ("webhook_id", "event", "payload")
    select w."id", ${event}::text, p from "webhooks" w, unnest(${bodies}::text[]) as p
    where w."enabled" and w."deleted_at" is null and ${event}::text = any(w."events")
    returning 1),
  notified as (select pg_notify('${WEBHOOK_CHANNEL}', '') from (select 1 from queued limit 1) as any_queued)`

/** One entry of the operation log. */
export interface LogEntry {
  /** The menu item the action is logged under, by its url and method (e.g. '/open/login', 'POST'). */
  menu: { url: string; method: string }
  userId: number
  /** The API client application that made the call. */
  appId?: number
  ip: string
  /** The request's address and method. */
  url: string
  method: string
  /** The request parameters (secrets are removed here). */
  parameters: unknown
  /** Where the caller is; found from the IP in the offline database when not given. */
  location?: string
  /** What the action answered, kept in `return` (an app call's status, a console command's output). */
  output?: string
  /** An update's changed fields, before and after (secrets already masked). */
  changes?: FieldChanges
  /** The one record the action created or updated: its history lists the entry. */
  record?: { resource: string; id: number }
  /** The write's webhook event, queued by the same statement. */
  event?: WebhookEvent
}

const COLUMNS = `"menu_id", "user_id", "app_id", "ip", "location", "method", "url", "parameters", "changes", "resource", "record_id", "return"`
/** The menu item of the entry's route ($1 url, $2 method bit), 0 when none. */
const MENU_ID = `coalesce((select "id" from "menus" where "url" = $1 and ("method" & $2) <> 0 and "deleted_at" is null limit 1), 0)`
const VALUES = `${MENU_ID}, $3, $4, $5, $6, $7, $8, $9::text::jsonb, $10::text::jsonb, $11, $12::integer, $13`
/** Whether the transaction so far changed what the processes keep of their callers (migration 0024). */
const AUTH_CHANGED = `returning coalesce(current_setting('brokerdesk.auth_changed', true), '') = 'on' as "auth_changed"`
const INSERT = `insert into "logs" (${COLUMNS})
  values (${VALUES})
  ${AUTH_CHANGED}`
const INSERT_WITH_EVENT = `with ${queueDeliveries('$14', '$15')}
  insert into "logs" (${COLUMNS})
  select ${VALUES} from (select count(*) from notified) as delivered
  ${AUTH_CHANGED}`

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value))

/** Parameters $1–$8 of every log statement: the route's menu item, who, from where, which request. */
function whoAndWhere(entry: Omit<LogEntry, 'parameters'>): unknown[] {
  return [
    entry.menu.url,
    methodBitOf(entry.menu.method),
    entry.userId,
    entry.appId ?? 0,
    entry.ip.slice(0, 100),
    (entry.location ?? locateIp(entry.ip)).slice(0, 150),
    entry.method,
    entry.url,
  ]
}

/**
 * The one writer of the operation log: the entry (with the menu item found by a subquery, 0 when
 * none) in one named statement of fixed text, which also queues the entry's webhook deliveries when
 * it has an event. Given a transaction, inside it — the transaction of what the entry logs, so an
 * action is never stored without its entry nor an entry without its action; given the pool, alone
 * (an app's read, which changes nothing). Answers whether the transaction so far changed sessions,
 * users, admins, roles or menu items.
 */
export async function writeOperationLog(db: Db | Tx, entry: LogEntry): Promise<{ authChanged: boolean }> {
  const values: unknown[] = [
    ...whoAndWhere(entry),
    json(withoutSecrets(entry.parameters ?? null)),
    json(entry.changes),
    entry.record?.resource ?? '',
    entry.record?.id ?? null,
    entry.output ?? null,
  ]
  const event = entry.event && entry.event.bodies.length > 0 ? entry.event : undefined
  const [name, text] = event
    ? ['write_operation_log_and_event', INSERT_WITH_EVENT]
    : ['write_operation_log', INSERT]
  if (event) values.push(event.name, event.bodies)
  const rows =
    db instanceof PgTransaction
      ? await rawTxQuery(db as Tx, name, text, values)
      : await rawQuery(db as Db, name, text, values)
  return { authChanged: rows[0]?.auth_changed === true }
}

/** One record's entry of a write that logs each record it changed (a bulk edit). */
export interface RecordLogEntry {
  parameters: unknown
  changes: FieldChanges
  record: { resource: string; id: number }
}

/** The entries of many records written together: one per record, the menu item looked up once. */
const INSERT_MANY = `insert into "logs" (${COLUMNS})
  select ${MENU_ID}, $3, $4, $5, $6, $7, $8, e.parameters::jsonb, e.changes::jsonb, $11, e.record_id, null
  from unnest($9::text[], $10::text[], $12::integer[]) with ordinality as e(parameters, changes, record_id, n)
  order by e.n
  ${AUTH_CHANGED}`

/** Entries written by one statement of INSERT_MANY. */
const ENTRIES_PER_STATEMENT = 1000

/**
 * The log entries of the records of one write, each as a single update of its record would be
 * logged (who, from where and through which route from `entry`), inside the write's transaction.
 * Answers whether the transaction changed what kept callers come from, as `writeOperationLog`.
 */
export async function writeOperationLogEntries(
  tx: Tx,
  entry: Omit<LogEntry, 'parameters' | 'changes' | 'record' | 'event' | 'output'>,
  records: readonly RecordLogEntry[],
): Promise<{ authChanged: boolean }> {
  const head = whoAndWhere(entry)
  let authChanged = false
  for (let start = 0; start < records.length; start += ENTRIES_PER_STATEMENT) {
    const part = records.slice(start, start + ENTRIES_PER_STATEMENT)
    const rows = await rawTxQuery(tx, 'write_operation_log_entries', INSERT_MANY, [
      ...head,
      part.map((one) => json(withoutSecrets(one.parameters ?? null))),
      part.map((one) => json(one.changes)),
      part[0].record.resource,
      part.map((one) => one.record.id),
    ])
    authChanged = authChanged || rows.some((row) => row.auth_changed === true)
  }
  return { authChanged }
}
