import { methodBitOf } from '@brokerdesk/shared'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client'
import { rawQuery } from '../db/raw-query'
import { API_PREFIX, WEB_PREFIX } from '../global-config'
import { SUPER_ADMIN_ROLE_ID } from './held-menus'

const MOUNT_PREFIX = new RegExp(`^(${API_PREFIX}|${WEB_PREFIX})(?=/)`)
/** Menu urls by route url: routes are few, and every request asks. */
const menuUrls = new Map<string, string>()

/** `/web-api/admin/firms/:id` → `/admin/firms/{id}`, the form menu urls are written in. */
export function menuUrlOfRoute(routeUrl: string): string {
  const known = menuUrls.get(routeUrl)
  if (known !== undefined) return known
  const url = routeUrl.replace(MOUNT_PREFIX, '').replace(/:(\w+)/g, '{$1}')
  // A request without a route (a 404) passes its own url: those are not kept.
  if (menuUrls.size < 5000) menuUrls.set(routeUrl, url)
  return url
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The menu item (url as menus write it, method) that holds this route, when it is not the
     * route's own: a record's history is held by its show item, a restore by its update item.
     */
    heldAs?: { url: string; method: string }
    /**
     * Held by every administrator, with no menu item: a route whose answer is filtered by what the
     * caller holds elsewhere (the command palette's search asks `heldRoutesAmong` per resource).
     */
    anyAdministrator?: boolean
  }
}

/** The menu url and method that hold a request's route: its own, or the one its config names. */
export function heldRouteOf(request: FastifyRequest): { url: string; method: string } | undefined {
  const held = request.routeOptions.config?.heldAs
  if (held) return held
  const routeUrl = request.routeOptions.url
  if (!routeUrl) return undefined
  return { url: menuUrlOfRoute(routeUrl), method: request.method === 'HEAD' ? 'GET' : request.method }
}

export function groupOfMenuUrl(url: string): 'open' | 'home' | 'admin' | undefined {
  const first = url.split('/')[1]
  return first === 'open' || first === 'home' || first === 'admin' ? first : undefined
}

/** The menu url, method and environment of the request's route when it is an admin route. */
export function adminRouteOf(
  request: FastifyRequest,
): { url: string; method: string; env: string } | undefined {
  const held = heldRouteOf(request)
  if (!held || groupOfMenuUrl(held.url) !== 'admin' || request.routeOptions.config?.anyAdministrator)
    return undefined
  return { ...held, env: request.server.config.env }
}

/**
 * The one access rule, as SQL: whether roles hold the enabled, live menu item of a url and method
 * in an environment — the super administrator's role every such item, another live role the items
 * given to it. An admin route with no menu item is held by nobody: a route must be in the menu to be
 * reachable. The arguments are SQL expressions (parameters, or the caller's roles as an `int[]`), so
 * the session's statement (resolve-request-auth.ts) and `rolesHoldRoute` decide with the same text.
 */
export function routeHeldSql(args: { url: string; methodBit: string; env: string; roleIds: string }): string {
  return `exists (
    select 1 from menus m
    where m.url = ${args.url} and (m.method & ${args.methodBit}) <> 0 and m.disabled = 0 and m.deleted_at is null
      and (cardinality(m.env) = 0 or ${args.env} = any(m.env))
      and exists (
        select 1 from roles r
        where r.id = any(${args.roleIds}) and r.deleted_at is null
          and (r.id = ${SUPER_ADMIN_ROLE_ID}
            or exists (select 1 from menu_role mr where mr.menu_id = m.id and mr.role_id = r.id))))`
}

const ROLES_HOLD_ROUTE = `select ${routeHeldSql({ url: '$1::text', methodBit: '$2::int', env: '$3::text', roleIds: '$4::int[]' })} as "held"`

/** Whether the given roles hold the route (url as menus write it, method, environment): `routeHeldSql`. */
export async function rolesHoldRoute(
  db: Db,
  options: { url: string; method: string; env: string; roleIds: readonly number[] },
): Promise<boolean> {
  if (options.roleIds.length === 0) return false
  const [row] = await rawQuery(db, 'roles_hold_route', ROLES_HOLD_ROUTE, [
    options.url,
    methodBitOf(options.method),
    options.env,
    `{${options.roleIds.join(',')}}`,
  ])
  return row?.held === true
}

const HELD_ROUTES_AMONG = `select u.n from unnest($1::text[], $2::int[]) with ordinality as u(url, method_bit, n)
  where ${routeHeldSql({ url: 'u.url', methodBit: 'u.method_bit', env: '$3::text', roleIds: '$4::int[]' })}`

/** A route as `heldRoutesAmong` names it: its method and url (`GET /admin/products/list`). */
export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`

/**
 * `rolesHoldRoute` for several routes at once, in one statement: the keys (`routeKey`, e.g.
 * `GET /admin/products/list`) of those the roles hold.
 */
export async function heldRoutesAmong(
  db: Db,
  options: {
    routes: ReadonlyArray<{ url: string; method: string }>
    env: string
    roleIds: readonly number[]
  },
): Promise<Set<string>> {
  if (options.routes.length === 0 || options.roleIds.length === 0) return new Set()
  const rows = await rawQuery(db, 'held_routes_among', HELD_ROUTES_AMONG, [
    options.routes.map((route) => route.url),
    options.routes.map((route) => methodBitOf(route.method)),
    options.env,
    `{${options.roleIds.join(',')}}`,
  ])
  const held = rows.map((row) => options.routes[Number(row.n) - 1])
  return new Set(held.map((route) => routeKey(route.method, route.url)))
}
