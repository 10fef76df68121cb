import type { MenuItem, MenuNode, TRolePermissions } from '@brokerdesk/shared'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { filterAssignableRoles, menuHeldBy, SUPER_ADMIN_ROLE_ID } from '../../access/held-menus'
import type { Db, Tx } from '../../db/client'
import { menuRole, menus, roles } from '../../db/schema/index'
import { forbidden, notFound } from '../../errors'
import { seededText } from '../../i18n/seeded-texts'
import { runWrite } from '../../resource/run-write'
import type { ResourceContext } from '../../resource/types'
import { presentMenu } from '../menus/present-menu'
import { refuse } from './refuse'

export interface RolePermissions {
  role: { id: number; name: string }
  /** The menu items the assigning administrator holds (only those are assignable), nested. */
  menus: MenuNode[]
  /** The ids of those items the role holds. */
  checked: number[]
}

async function findManagedRole(db: Db | Tx, ctx: ResourceContext, id: number) {
  const [role] = await db
    .select({
      id: roles.id,
      name: roles.name,
      left_margin: roles.left_margin,
      right_margin: roles.right_margin,
    })
    .from(roles)
    .where(and(eq(roles.id, id), isNull(roles.deleted_at)))
  if (!role) throw notFound()
  if (!(await filterAssignableRoles(db, ctx.roleIds, [id])).has(id)) throw forbidden()
  return role
}

/** The permission tree of a role as the assigning administrator may edit it. */
export async function getRolePermissions(ctx: ResourceContext, id: number): Promise<RolePermissions> {
  const role = await findManagedRole(ctx.db, ctx, id)
  const items = await ctx.db
    .select({
      menu: menus,
      checked: sql<boolean>`exists (select 1 from ${menuRole} where ${menuRole.menu_id} = ${menus.id} and ${menuRole.role_id} = ${id})`,
    })
    .from(menus)
    .where(and(isNull(menus.deleted_at), menuHeldBy(ctx.roleIds)))
    .orderBy(asc(menus.left_margin))
  return {
    role: { id: role.id, name: seededText(ctx.language, 'roles', role.id, 'name', role.name) },
    menus: nestMenus(items.map((item) => presentMenu(item.menu, ctx.language))),
    checked: items.filter((item) => item.checked).map((item) => item.menu.id),
  }
}

/** Nests items under their parents (`childrens`); an item whose parent is not listed is a root. */
function nestMenus(items: MenuItem[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>(items.map((item) => [item.id, { ...item }]))
  const roots: MenuNode[] = []
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parent_id)
    if (parent) parent.childrens = [...(parent.childrens ?? []), node]
    else roots.push(node)
  }
  return roots
}

/**
 * Saves the items a role holds among those the assigning administrator holds (others the role has
 * stay). With `cascade`, the items taken from the role are also taken from all its descendants.
 * The super administrator role holds everything and is not edited.
 */
export async function saveRolePermissions(
  ctx: ResourceContext,
  id: number,
  input: TRolePermissions,
): Promise<{ checked: number[]; removed: number }> {
  if (id === SUPER_ADMIN_ROLE_ID) throw refuse(ctx.language, 'menu_ids', 'roles.super_admin_fixed')
  return runWrite(ctx, { id, ...input }, async (tx) => {
    const role = await findManagedRole(tx, ctx, id)
    const assignable = (
      await tx
        .select({ id: menus.id })
        .from(menus)
        .where(and(isNull(menus.deleted_at), menuHeldBy(ctx.roleIds)))
    ).map((row) => row.id)
    const allowed = new Set(assignable)
    const wanted = [...new Set(input.menu_ids)]
    if (wanted.some((menuId) => !allowed.has(menuId))) {
      throw refuse(ctx.language, 'menu_ids', 'roles.menu_not_assignable')
    }
    const current = (
      await tx.select({ menu_id: menuRole.menu_id }).from(menuRole).where(eq(menuRole.role_id, id))
    ).map((row) => row.menu_id)
    const wantedSet = new Set(wanted)
    const removed = current.filter((menuId) => allowed.has(menuId) && !wantedSet.has(menuId))
    if (removed.length > 0) {
      const targets = input.cascade
        ? sql`(select id from ${roles} where (${roles.left_margin} >= ${role.left_margin} and ${roles.right_margin} <= ${role.right_margin}))`
        : sql`(${id})`
      await tx
        .delete(menuRole)
        .where(and(sql`${menuRole.role_id} in ${targets}`, inArray(menuRole.menu_id, removed)))
    }
    const added = wanted.filter((menuId) => !current.includes(menuId))
    if (added.length > 0) {
      await tx
        .insert(menuRole)
        .values(added.map((menu_id) => ({ role_id: id, menu_id })))
        .onConflictDoNothing()
    }
    const checked = await tx
      .select({ menu_id: menuRole.menu_id })
      .from(menuRole)
      .where(eq(menuRole.role_id, id))
      .orderBy(asc(menuRole.menu_id))
    return { checked: checked.map((row) => row.menu_id), removed: removed.length }
  })
}
