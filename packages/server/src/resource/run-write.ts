import { methodBitOf } from '@brokerdesk/shared'
import type { Tx } from '../db/client'
import { rawTxQuery } from '../db/raw-query'
import { toStorableText } from '../input/storable-text'
import { locateIp } from '../ip-location/locate-ip'
import { type FieldChanges, SECRET_KEY } from './record-changes'
import type { ResourceContext } from './types'
import { queueDeliveries, type WebhookEvent } from './webhook-outbox'

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
 * none) found by a subquery: a named statement of fixed text, carrying the write's webhook
 * deliveries when it has an event (one text more). It answers whether the transaction changed a
 * table the kept callers are read from (the triggers of migration 0024 set the flag): the last
 * statement of the transaction but its commit.
 */
const LOG_COLUMNS = `"menu_id", "user_id", "app_id", "ip", "location", "method", "url", "parameters", "changes", "resource", "record_id"`
const LOG_VALUES = `coalesce((select "id" from "menus" where "url" = $1 and ("method" & $2) <> 0 and "deleted_at" is null limit 1), 0),
    $3, $4, $5, $6, $7, $8, $9::text::jsonb, $10::text::jsonb, $11, $12::integer`
const AUTH_CHANGED = `returning coalesce(current_setting('brokerdesk.auth_changed', true), '') = 'on' as "auth_changed"`
const LOG_INSERT = `insert into "logs" (${LOG_COLUMNS})
  values (${LOG_VALUES})
  ${AUTH_CHANGED}`
const LOG_INSERT_WITH_EVENT = `with ${queueDeliveries('$13', '$14')}
  insert into "logs" (${LOG_COLUMNS})
  select ${LOG_VALUES} from (select count(*) from notified) as delivered
  ${AUTH_CHANGED}`

/** What the work of a write adds to its log entry. */
export interface LogDetails {
  /** An update's changed fields, before and after (secrets already masked). */
  changes?: FieldChanges
  /** The one record the write created or updated: its history lists the entry. */
  record?: { resource: string; id: number }
  /** The write's webhook event, queued by the log entry's statement. */
  event?: WebhookEvent
}

/**
 * Writes the operation log of this request inside the caller's transaction; answers whether the
 * transaction so far changed sessions, users, admins, roles or menu items.
 */
export async function writeOperationLog(
  tx: Tx,
  ctx: ResourceContext,
  parameters: unknown,
  details: LogDetails = {},
): Promise<{ authChanged: boolean }> {
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value))
  const values = [
    ctx.menuUrl,
    methodBitOf(ctx.method),
    ctx.userId,
    ctx.appId ?? 0,
    ctx.ip.slice(0, 100),
    locateIp(ctx.ip).slice(0, 150),
    ctx.method,
    ctx.url,
    json(withoutSecrets(parameters ?? null)),
    json(details.changes),
    details.record?.resource ?? '',
    details.record?.id ?? null,
  ]
  const event = details.event
  const [entry] =
    event && event.bodies.length > 0
      ? await rawTxQuery(tx, 'write_operation_log_and_event', LOG_INSERT_WITH_EVENT, [
          ...values,
          event.name,
          event.bodies,
        ])
      : await rawTxQuery(tx, 'write_operation_log', LOG_INSERT, values)
  return { authChanged: entry?.auth_changed === true }
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
  const { result, outcome } = await ctx.db.transaction(async (tx) => {
    const log: LogDetails = {}
    const result = await work(tx, log)
    const logged = typeof parameters === 'function' ? parameters() : parameters
    return { result, outcome: await writeOperationLog(tx, ctx, logged, log) }
  })
  ctx.onLogged?.(outcome)
  return result
}
