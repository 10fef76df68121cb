import { getTableName, type SQL, sql } from 'drizzle-orm'
import type { ResourceTable } from '../types'

/** `parent_name` of the nodes of a page, computed in the page's statement. */
export function parentNameColumn(table: ResourceTable) {
  const name = sql.identifier(getTableName(table))
  return (page: Record<string, SQL>) => ({
    parent_name:
      sql<string>`coalesce((select parent.name from ${name} parent where parent.id = ${page.parent_id}), '')`.as(
        'parent_name',
      ),
  })
}
