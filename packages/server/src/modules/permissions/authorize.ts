import type { FastifyRequest } from 'fastify'
import { groupOfMenuUrl, heldRouteOf, rolesHoldRoute } from '../../access/route-access'
import { forbidden, unauthenticated } from '../../errors'
import { requireSecurityStepsTaken } from '../auth/security-step'

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
