import { logResource } from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import { logs, menus, users } from '../../db/schema/index'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding } from '../../resource/types'

/**
 * The operation log, read-only: the operator's and the menu item's names come with each page (and,
 * for a resource's action, the resource and the action, which the SPA translates).
 */
export const logsBinding: ResourceBinding = {
  definition: logResource,
  table: logs,
  pageColumns: (page) => ({
    user_name:
      sql<string>`coalesce((select ${users.name} from ${users} where ${users.id} = ${page.user_id}), '')`.as(
        'user_name',
      ),
    menu_name:
      sql<string>`coalesce((select ${menus.name} from ${menus} where ${menus.id} = ${page.menu_id}), '')`.as(
        'menu_name',
      ),
    menu_resource: sql<string>`coalesce((select resource.name from ${menus} item
      join ${menus} resource on resource.id = item.resource_id
      where item.id = ${page.menu_id} and item.resource_id > 0), '')`.as('menu_resource'),
    menu_action: sql<string>`coalesce((select item.item_name from ${menus} item
      where item.id = ${page.menu_id} and item.resource_id > 0), '')`.as('menu_action'),
  }),
}

export const logsModule = resourcePlugin(logsBinding)
