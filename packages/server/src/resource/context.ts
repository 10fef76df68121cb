import type { FastifyRequest } from 'fastify'
import { menuUrlOfRoute } from '../access/route-access'
import type { ResourceContext } from './types'

/** The engine's view of a request: who, from where, in which language, through which route. */
export function contextOf(request: FastifyRequest): ResourceContext {
  const { server, user } = request
  const held = request.routeOptions.config?.heldAs
  return {
    db: server.db,
    language: request.language,
    env: server.config.env,
    appKey: server.appKey,
    userId: user?.id ?? 0,
    roleIds: user?.admin?.roles.map((role) => role.id) ?? [],
    ip: request.ip,
    // A route held by another's menu item (a restore: the record's update) is logged as that item's.
    method: held?.method ?? request.method,
    url: request.url,
    menuUrl: held?.url ?? menuUrlOfRoute(request.routeOptions.url ?? request.url),
    appId: user?.app?.id ?? 0,
    onLogged: ({ authChanged }) => {
      request.operationLogged = true
      request.authChangedByWrite = (request.authChangedByWrite ?? false) || authChanged
    },
    settings: server.settings,
  }
}
