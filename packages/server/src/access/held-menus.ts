import { and, asc, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { menuRole, menus, roles } from '../db/schema/index'

/** The seeded super administrator role holds every operation (SPEC §6). */
export const SUPER_ADMIN_ROLE_ID = 1

export const isSuperAdmin = (roleIds: readonly number[]) => roleIds.includes(SUPER_ADMIN_ROLE_ID)

/**
 * A condition on `menus`: the item is held by one of these roles (every item for the super
 * administrator). Used by authorize, the visible menu and permission assignment alike.
 */
export function menuHeldBy(roleIds: readonly number[]): SQL {
  if (isSuperAdmin(roleIds)) return sql`true`
  if (roleIds.length === 0) return sql`false`
  return sql`exists (select 1 from ${menuRole} where ${menuRole.menu_id} = ${menus.id} and ${inArray(menuRole.role_id, [...roleIds])})`
}

/** The ids of the live menu items these roles hold, in tree order. */
export async function listHeldMenuIds(db: Db | Tx, roleIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(isNull(menus.deleted_at), menuHeldBy(roleIds)))
    .orderBy(asc(menus.left_margin))
  return rows.map((row) => row.id)
}

/**
 * A condition on `roles`: the roles an administrator holding these roles may see and assign —
 * the descendants of their own roles in the role tree; every role for the super administrator.
 */
export function rolesBelow(roleIds: readonly number[]): SQL {
  const live = isNull(roles.deleted_at)
  if (isSuperAdmin(roleIds)) return live
  if (roleIds.length === 0) return sql`false`
  return and(
    live,
    sql`exists (select 1 from ${roles} own where own.id in (${sql.join(
      roleIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and own.deleted_at is null and ${roles.left_margin} > own.left_margin and ${roles.right_margin} < own.right_margin)`,
  ) as SQL
}

/** Which of these role ids the holder of `ownRoleIds` may assign. */
export async function filterAssignableRoles(
  db: Db | Tx,
  ownRoleIds: readonly number[],
  candidates: readonly number[],
): Promise<Set<number>> {
  if (candidates.length === 0) return new Set()
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, [...candidates]), rolesBelow(ownRoleIds)))
  return new Set(rows.map((row) => row.id))
}
