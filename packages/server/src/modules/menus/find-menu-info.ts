import type { MenuItem } from '@brokerdesk/shared'
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client'
import { menus } from '../../db/schema/index'
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
  const candidates = pageUrls(url)
  return items.find((item) => candidates.includes(item.url) && item.method.includes(1)) ?? null
}

/** The urls a page item of a path may have: the path, or the path plus /index. */
function pageUrls(url: string): string[] {
  const path = url.split('?')[0].replace(/\/+$/, '')
  return [path, `${path}/index`]
}

/**
 * Whether the menu has a page at the path at all, whoever may see it: a page or resource item of the
 * path, or a record's or the create page of a resource (its item's url and one segment more); an
 * API route's item (GET /admin/developments/tables) is no page. The SPA tells
 * "not found" from "no permission" by it.
 */
export async function isKnownPage(db: Db, url: string): Promise<boolean> {
  const candidates = pageUrls(url)
  const parent = candidates[0].replace(/\/[^/]+$/, '')
  const [row] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(
      and(
        isNull(menus.deleted_at),
        or(
          and(
            inArray(menus.url, candidates),
            sql`${menus.method} & 1 = 1`,
            or(eq(menus.is_page, 1), eq(menus.resource_id, -1)),
          ),
          and(eq(menus.resource_id, -1), eq(menus.url, parent)),
        ),
      ),
    )
    .limit(1)
  return row !== undefined
}
