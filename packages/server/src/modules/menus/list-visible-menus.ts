import type { AppEnv, Language, MenuGroup, MenuItem } from '@brokerdesk/shared'
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm'
import { menuHeldBy } from '../../access/held-menus'
import type { Db } from '../../db/client'
import { menus } from '../../db/schema/index'
import { presentMenu } from './present-menu'

export interface ListVisibleMenusOptions {
  env: AppEnv
  /** The groups the caller may enter: open for everyone, home once logged in, admin for admins. */
  groups: readonly MenuGroup[]
  /** The caller's roles: of the admin group, only the items these roles hold are visible. */
  roleIds?: readonly number[]
  /** The language of the names and descriptions. */
  language: Language
}

/**
 * The enabled menu items of the given groups that exist in this environment, in tree order,
 * together with the ungrouped items (the root, the admin menu groups) that hold some of them. Admin
 * items are limited to those the caller's roles hold, in the same query.
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
        or(ne(menus.group, 'admin'), menuHeldBy(options.roleIds ?? [])),
      ),
    )
    .orderBy(asc(menus.left_margin))
  const allowed = new Set<string>(options.groups)
  const grouped = rows.filter((row) => allowed.has(row.group))
  const holdsVisible = (row: (typeof rows)[number]) =>
    grouped.some((g) => g.left_margin > row.left_margin && g.right_margin < row.right_margin)
  return rows
    .filter((row) => allowed.has(row.group) || (row.group === '' && holdsVisible(row)))
    .map((row) => presentMenu(row, options.language))
}
