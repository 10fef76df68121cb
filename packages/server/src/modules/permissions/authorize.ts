import { methodBitOf } from '@brokerdesk/shared'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client'
import { menus } from '../../db/schema/index'
import { forbidden, unauthenticated } from '../../errors'
import { API_PREFIX, WEB_PREFIX } from '../../global-config'
import { requireSecurityStepsTaken } from '../auth/security-step'
import { menuHeldBy } from './held-menus'

export { SUPER_ADMIN_ROLE_ID } from './held-menus'

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

/**
 * Whether the given roles hold the enabled menu item of this url and method in this environment.
 * An admin route with no menu item is refused to everybody: a route must be in the menu to be reachable.
 */
export async function rolesHoldRoute(
  db: Db,
  options: { url: string; method: string; env: string; roleIds: readonly number[] },
): Promise<boolean> {
  const [item] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.url, options.url), heldItem(options)))
    .limit(1)
  return item !== undefined
}

/** `rolesHoldRoute` for several urls of one method at once: those of them the roles hold. */
export async function heldRoutesAmong(
  db: Db,
  options: { urls: readonly string[]; method: string; env: string; roleIds: readonly number[] },
): Promise<Set<string>> {
  if (options.urls.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ url: menus.url })
    .from(menus)
    .where(and(inArray(menus.url, [...options.urls]), heldItem(options)))
  return new Set(rows.map((row) => row.url))
}

/** A live, enabled menu item of this method and environment that the roles hold. */
function heldItem(options: { method: string; env: string; roleIds: readonly number[] }) {
  return and(
    sql`(${menus.method} & ${methodBitOf(options.method)}) <> 0`,
    eq(menus.disabled, 0),
    isNull(menus.deleted_at),
    sql`(cardinality(${menus.env}) = 0 or ${options.env} = any(${menus.env}))`,
    menuHeldBy(options.roleIds),
  )
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
 * preValidation hook of both mounts, the one place that decides access: open routes for everyone, home
 * routes once logged in, admin routes for administrators whose roles hold the route's menu item (a
 * route marked `anyAdministrator`: every administrator, its answer filtered per resource). The
 * session hook already answered that last question in its statement (`request.routeHeld`); the
 * query here runs only when it did not. An API client application acts on admin routes only, and
 * only where both the role an administrator granted it and its owner's roles hold the item (checked
 * at each call, so what the owner loses the app loses too); a person's own pages (home, the back
 * office's personal centre) are not for apps. A person with a security step to take (an expired
 * password, a required second factor) reaches only their personal centre until it is taken.
 */
export async function authorize(request: FastifyRequest): Promise<void> {
  const held = heldRouteOf(request)
  if (!held) return
  const url = held.url
  const group = groupOfMenuUrl(url)
  if (group === undefined || group === 'open') return
  const user = request.user
  if (!user) throw unauthenticated()
  // A person's own pages, in either area (profile, password), are not for programs.
  if (user.app && (group === 'home' || url.startsWith('/admin/personage/')))
    throw forbidden('apps.home_refused')
  // An expired password or a second factor the settings require comes first (security-step.ts).
  await requireSecurityStepsTaken(request.server.settings, user, url)
  if (group === 'home') return
  if (!user.admin) throw forbidden()
  // Every administrator's, but not an app's: an app acts through the routes its role holds.
  if (request.routeOptions.config?.anyAdministrator) {
    if (user.app) throw forbidden()
    return
  }
  const route = { url, method: held.method, env: request.server.config.env }
  const db = request.server.db
  const allowed =
    request.routeHeld ?? (await rolesHoldRoute(db, { ...route, roleIds: user.admin.roles.map((r) => r.id) }))
  if (!allowed) throw forbidden()
  if (user.app && !(await rolesHoldRoute(db, { ...route, roleIds: [user.app.roleId] }))) throw forbidden()
}
