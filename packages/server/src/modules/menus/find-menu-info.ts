import type { MenuItem } from '@brokerdesk/shared'
import type { FastifyRequest } from 'fastify'
import { listVisibleMenus } from './list-visible-menus'

/** The groups a caller may enter: open for everyone, home once logged in, admin for admins. */
export function visibleGroupsOf(request: FastifyRequest) {
  const user = request.user
  return user
    ? user.admin
      ? (['open', 'home', 'admin'] as const)
      : (['open', 'home'] as const)
    : (['open'] as const)
}

/**
 * The visible page item of a path as the SPA's menu state finds it (SPEC §2 "Menu state"): the url
 * or the url plus /index, with a method list holding 1; null when there is none (no permission).
 */
export async function findMenuInfo(request: FastifyRequest, url: string): Promise<MenuItem | null> {
  const items = await listVisibleMenus(request.server.db, {
    env: request.server.config.env,
    groups: visibleGroupsOf(request),
    roleIds: request.user?.admin?.roles.map((role) => role.id),
    language: request.language,
  })
  const path = url.split('?')[0].replace(/\/+$/, '')
  const candidates = [path, `${path}/index`]
  return items.find((item) => candidates.includes(item.url) && item.method.includes(1)) ?? null
}
