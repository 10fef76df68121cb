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
  // A word in more entries than the engine reads by id is looked for among the newest first: the
  // last 200,000 entries (about a week at 10M entries a year), or the last week sorted by time.
  recentFirst: { id: 200_000, created_at: '7 days' },
  partitionKey: 'created_at',
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
