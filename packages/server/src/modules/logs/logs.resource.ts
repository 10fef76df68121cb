import { logResource } from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import { logs, menus, users } from '../../db/schema/index'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding } from '../../resource/types'
import { recordScopes } from '../permissions/data-scope'
import { logChainRoutes } from './log-chain.routes'

/**
 * The operation log, read-only: the operator's and the menu item's names come with each page, the
 * seeded ones in the reader's language (the names are read when answered, not kept in the entry).
 * A scoped administrator reads the entries of the accounts of their data scope.
 */
export const logsBinding: ResourceBinding = {
  definition: logResource,
  table: logs,
  bigramColumns: ['location', 'url', 'ip'],
  addressColumns: ['ip'],
  scope: (ctx) => recordScopes.logs(ctx),
  seeded: [
    { kind: 'users', key: 'user_id', fields: { user_name: 'name' } },
    { kind: 'menus', key: 'menu_id', fields: { menu_name: 'name' } },
  ],
  pageColumns: (page) => ({
    user_name:
      sql<string>`coalesce((select ${users.name} from ${users} where ${users.id} = ${page.user_id}), '')`.as(
        'user_name',
      ),
    menu_name:
      sql<string>`coalesce((select ${menus.name} from ${menus} where ${menus.id} = ${page.menu_id}), '')`.as(
        'menu_name',
      ),
  }),
}

export const logsModule = resourcePlugin(logsBinding, logChainRoutes)
