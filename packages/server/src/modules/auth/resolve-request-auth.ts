import { methodBitOf } from '@brokerdesk/shared'
import { routeHeldSql } from '../../access/route-access'
import type { Db } from '../../db/client'
import { decodeColumns, rawQuery, selectColumns } from '../../db/raw-query'
import { sessions, users } from '../../db/schema/index'
import type { SessionUser, UserRow } from './load-session-user'
import type { SessionRow } from './sessions'

/** The route whose permission is decided along with the session (admin routes only). */
export interface RouteToCheck {
  /** The menu url, e.g. /admin/products/list. */
  url: string
  method: string
  env: string
}

export interface RequestAuth {
  /** The session of the token, live or ended; undefined when no session has this token. */
  session: SessionRow | undefined
  /** The live, effective user of a live session with their admin record and roles. */
  user: SessionUser | undefined
  /** Whether the user's roles hold the route's enabled menu item; undefined when no route was given. */
  routeHeld: boolean | undefined
}

/**
 * One statement for everything a request needs to know about its caller: the session of the token,
 * its user (live, not stopped), their administrator record, their live roles in tree order and
 * whether those roles hold the route's menu item (the one access rule, `routeHeldSql`, which
 * `rolesHoldRoute` runs too). A process keeps what it reads per token and route
 * (request-auth-cache.ts) until one of these tables changes: their triggers notify every process, and
 * this process's own requests that may write drop what it keeps before they answer, unless the
 * engine's log entry said the write changed none of them.
 */
const STATEMENT = `select ${selectColumns(sessions, 's', 's_')}, ${selectColumns(users, 'u', 'u_')},
  a.id as "a_id",
  case when a.id is null then null else coalesce((
    select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.left_margin)
    from admin_role ar join roles r on r.id = ar.role_id and r.deleted_at is null
    where ar.admin_id = a.id), '[]'::json) end as "a_roles",
  case when a.id is null or $2::text is null then null else ${routeHeldSql({
    url: '$2::text',
    methodBit: '$3::int',
    env: '$4::text',
    roleIds: 'array(select ar.role_id from admin_role ar where ar.admin_id = a.id)',
  })} end as "route_held"
from sessions s
left join users u on u.id = s.user_id and u.deleted_at is null and u.status = 1
left join lateral (select id from admins where admins.user_id = u.id and admins.deleted_at is null limit 1) a on true
where s.token_hash = $1::text`

export async function resolveRequestAuth(
  db: Db,
  tokenHash: string,
  route: RouteToCheck | undefined,
): Promise<RequestAuth> {
  const [row] = await rawQuery(db, 'resolve_request_auth', STATEMENT, [
    tokenHash,
    route?.url ?? null,
    route ? methodBitOf(route.method) : 0,
    route?.env ?? '',
  ])
  if (!row) return { session: undefined, user: undefined, routeHeld: undefined }
  const session = decodeColumns<SessionRow>(sessions, row, 's_')
  if (row.u_id === null || row.u_id === undefined) return { session, user: undefined, routeHeld: undefined }
  const userRow = decodeColumns<UserRow>(users, row, 'u_')
  const adminId = row.a_id as number | null
  const user: SessionUser = {
    id: userRow.id,
    uname: userRow.uname,
    sessionId: session.id,
    admin:
      adminId === null
        ? null
        : { id: adminId, roles: (row.a_roles as Array<{ id: number; name: string }>) ?? [] },
    row: userRow,
  }
  return { session, user, routeHeld: row.route_held === null ? undefined : Boolean(row.route_held) }
}
