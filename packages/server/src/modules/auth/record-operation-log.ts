import { methodBitOf } from '@brokerdesk/shared'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { logs, menus } from '../../db/schema/index'
import { locateIp } from '../../ip-location/locate-ip'

/** The id of the menu item of a route (url as menus store it, e.g. /open/login), 0 when none. */
export async function findMenuId(db: Db | Tx, url: string, method: string): Promise<number> {
  const [item] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(
      and(eq(menus.url, url), sql`(${menus.method} & ${methodBitOf(method)}) <> 0`, isNull(menus.deleted_at)),
    )
    .limit(1)
  return item?.id ?? 0
}

export interface OperationLogEntry {
  /** The menu item's url and method, e.g. '/open/login', 'POST'. */
  route: { url: string; method: string }
  userId: number
  /** The API client application that made the call. */
  appId?: number
  ip: string
  /** The request's address. */
  url: string
  /** The request parameters, never a password or token. */
  parameters: Record<string, unknown>
  /** Where the caller is; found from the IP in the offline database when not given. */
  location?: string
  /** What the request answered, kept in `return` (a console command's output). */
  output?: string
}

/** Writes one row of the operation log (the logs table). */
export async function recordOperationLog(db: Db | Tx, entry: OperationLogEntry): Promise<void> {
  await db.insert(logs).values({
    menu_id: await findMenuId(db, entry.route.url, entry.route.method),
    user_id: entry.userId,
    app_id: entry.appId ?? 0,
    ip: entry.ip.slice(0, 100),
    location: (entry.location ?? locateIp(entry.ip)).slice(0, 150),
    method: entry.route.method,
    url: entry.url,
    parameters: entry.parameters,
    return: entry.output ?? null,
  })
}
