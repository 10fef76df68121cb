import { menuResource, menuTypeOf, methodBitsToList, methodListToBits } from '@brokerdesk/shared'
import { menus } from '../../db/schema/index'
import { localizeOptions } from '../../i18n/seeded-texts'
import { treeOptions } from '../../resource/option-sources'
import { resourcePlugin } from '../../resource/resource-routes'
import { parentNameColumn } from '../../resource/tree/parent-name-column'
import type { ResourceBinding, Row } from '../../resource/types'
import { menuRoutes } from './menu.routes'
import { useBitsOf, useList } from './present-menu'

/** Stored bitmasks as the lists the API shows (as /open/menu does), and the item's type. */
function presentMenuRows(rows: Row[]): Row[] {
  return rows.map((row) => ({
    ...row,
    method: typeof row.method === 'number' ? methodBitsToList(row.method) : row.method,
    use: typeof row.use === 'number' ? useList(row.use) : row.use,
    type: menuTypeOf(Number(row.resource_id ?? 0)),
  }))
}

/** Menu items: the permission table. Writes are local-only through their menu items' env. */
export const menusBinding: ResourceBinding = {
  definition: menuResource,
  table: menus,
  pageColumns: parentNameColumn(menus),
  seeded: [
    { kind: 'menus', key: 'id', fields: { name: 'name', description: 'description' } },
    { kind: 'menus', key: 'parent_id', fields: { parent_name: 'name' } },
  ],
  enrich: async (_db, rows) => presentMenuRows(rows),
  beforeWrite: async (values) => {
    const stored = { ...values }
    if (Array.isArray(values.method)) stored.method = methodListToBits(values.method as number[])
    if (Array.isArray(values.use)) stored.use = useBitsOf(values.use as string[])
    return stored
  },
  pageOptions: async (db, ctx) => ({
    parent_id: localizeOptions(ctx.language, 'menus', await treeOptions(db, menus)),
  }),
}

export const menusModule = resourcePlugin(menusBinding, menuRoutes)
