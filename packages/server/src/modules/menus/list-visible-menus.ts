import type { AppEnv, MenuGroup, MenuItem } from '@brokerdesk/shared'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { menus } from '../../db/schema/index'
import { presentMenu } from './present-menu'

export interface ListVisibleMenusOptions {
  env: AppEnv
  /** The groups the caller may enter: open for everyone, home once logged in, admin for admins. */
  groups: readonly MenuGroup[]
}

/**
 * The enabled menu items of the given groups that exist in this environment, in tree order,
 * together with the ungrouped items (the root, the admin menu groups) that hold some of them.
 */
export async function listVisibleMenus(db: Db, options: ListVisibleMenusOptions): Promise<MenuItem[]> {
  const rows = await db
    .select()
    .from(menus)
    .where(
      and(
        isNull(menus.deleted_at),
        eq(menus.disabled, 0),
        sql`(cardinality(${menus.env}) = 0 or ${options.env} = any(${menus.env}))`,
      ),
    )
    .orderBy(asc(menus.left_margin))
  const allowed = new Set<string>(options.groups)
  const grouped = rows.filter((row) => allowed.has(row.group))
  const holdsVisible = (row: (typeof rows)[number]) =>
    grouped.some((g) => g.left_margin > row.left_margin && g.right_margin < row.right_margin)
  return rows
    .filter((row) => allowed.has(row.group) || (row.group === '' && holdsVisible(row)))
    .map(presentMenu)
}
