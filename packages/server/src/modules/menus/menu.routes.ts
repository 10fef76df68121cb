import { buildMenuTree, menuResource, ZMenuPositionSchema } from '@brokerdesk/shared'
import { asc, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { menus } from '../../db/schema/index'
import { contextOf } from '../../resource/context'
import { documented } from '../../resource/resource-routes'
import { findMenuInfo, isKnownPage } from './find-menu-info'
import { moveMenu } from './move-menu'
import { presentMenu } from './present-menu'

/** The drag page: the whole tree, and moving an item (local only, through its menu item). */
export function menuRoutes(app: FastifyInstance): void {
  app.get(
    '/admin/menus/tree',
    documented(menuResource, 'The whole menu tree, nested under childrens'),
    async (request) => {
      const rows = await app.db
        .select()
        .from(menus)
        .where(isNull(menus.deleted_at))
        .orderBy(asc(menus.left_margin))
      return { menus: buildMenuTree(rows.map((row) => presentMenu(row, request.language))) }
    },
  )

  app.get(
    '/open/menu-info',
    {
      schema: {
        tags: [menuResource.name],
        summary:
          'The visible page item of a path (null when the caller may not see it), and (to an administrator) whether the menu has a page there at all',
        querystring: z.object({ url: z.string().max(255) }),
      },
    },
    async (request) => {
      const { url } = request.query as { url: string }
      const menu = await findMenuInfo(request, url)
      // Only an administrator learns whether a page they may not open exists.
      const known = menu !== null || (Boolean(request.user?.admin) && (await isKnownPage(app.db, url)))
      return { menu, known }
    },
  )

  app.post(
    '/admin/menus/update-position',
    {
      schema: {
        tags: [menuResource.name],
        summary: 'Move an item before, after or inside another',
        body: ZMenuPositionSchema,
      },
    },
    async (request) => moveMenu(contextOf(request), request.body as never),
  )
}
