import { methodBitOf } from '@brokerdesk/shared'
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { logs, menus } from '../db/schema/index'
import { toStorableText } from '../input/storable-text'
import { locateIp } from '../ip-location/locate-ip'
import type { FieldChanges } from './record-changes'
import type { ResourceContext } from './types'

export const SECRET_KEY = /password|secret|token|^_token$/i
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
 * The menu item of the route being written through, for the log's menu_id (0 when none): a
 * subquery of the log's INSERT, not a round trip of its own.
 */
function menuIdOf(ctx: ResourceContext): SQL<number> {
  const item = and(
    eq(menus.url, ctx.menuUrl),
    sql`(${menus.method} & ${methodBitOf(ctx.method)}) <> 0`,
    isNull(menus.deleted_at),
  )
  return sql<number>`coalesce((select ${menus.id} from ${menus} where ${item} limit 1), 0)`
}

/** What the work of a write adds to its log entry. */
export interface LogDetails {
  /** An update's changed fields, before and after (secrets already masked). */
  changes?: FieldChanges
}

/** Writes the operation log of this request inside the caller's transaction. */
export async function writeOperationLog(
  tx: Tx,
  ctx: ResourceContext,
  parameters: unknown,
  details: LogDetails = {},
): Promise<void> {
  await tx.insert(logs).values({
    menu_id: menuIdOf(ctx),
    user_id: ctx.userId,
    app_id: ctx.appId ?? 0,
    ip: ctx.ip.slice(0, 100),
    location: locateIp(ctx.ip).slice(0, 150),
    method: ctx.method,
    url: ctx.url,
    parameters: withoutSecrets(parameters ?? null) as Record<string, unknown> | null,
    changes: details.changes ?? null,
  })
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
    await writeOperationLog(tx, ctx, typeof parameters === 'function' ? parameters() : parameters, log)
    return result
  })
  ctx.onLogged?.()
  return result
}
