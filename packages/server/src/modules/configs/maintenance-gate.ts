import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../errors'
import { API_PREFIX, WEB_PREFIX } from '../../global-config'

/**
 * What a visitor may still call while the site is in maintenance: what the SPA needs to start and to
 * show the maintenance page, and logging in and out (so that administrators get in).
 */
export const OPEN_DURING_MAINTENANCE: ReadonlySet<string> = new Set([
  '/open/config',
  '/open/token',
  '/open/client-id',
  '/open/user',
  '/open/menu',
  '/open/menu-info',
  '/open/plugin-texts',
  '/open/captcha',
  '/open/captcha/verify',
  '/open/login',
  '/open/logout',
  '/open/other-login',
  '/open/other-login/:type',
  '/open/other-login-callback/:type',
])

/** The route's path without its mount (/api or /web-api). */
function routePath(request: FastifyRequest): string {
  const url = request.routeOptions.url ?? request.url.split('?')[0]
  for (const prefix of [WEB_PREFIX, API_PREFIX])
    if (url.startsWith(`${prefix}/`)) return url.slice(prefix.length)
  return url
}

/**
 * onRequest hook of both mounts, after the session: in maintenance mode (a setting, live) everything
 * but the admin routes and the few above answers 503 with Retry-After — except to administrators,
 * who keep working.
 */
export async function maintenanceGate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const path = routePath(request)
  if (path.startsWith('/admin/') || OPEN_DURING_MAINTENANCE.has(path)) return
  if (request.user?.admin) return
  const maintenance = await request.server.settings.maintenance()
  if (!maintenance.on) return
  reply.header('retry-after', String(maintenance.retryAfter))
  throw new AppError('maintenance', 'errors.maintenance')
}
