import { type DataScope, roleResource } from '@brokerdesk/shared'
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import {
  filterAssignableRoles,
  isSuperAdmin,
  listHeldMenuIds,
  rolesBelow,
  SUPER_ADMIN_ROLE_ID,
} from '../../access/held-menus'
import type { Tx } from '../../db/client'
import { adminRole, admins, menuRole, roles } from '../../db/schema/index'
import { forbidden } from '../../errors'
import { seededText } from '../../i18n/seeded-texts'
import { invalidFields } from '../../resource/field-errors'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding, ResourceContext, Row } from '../../resource/types'
import { mayGrantScope } from '../permissions/data-scope'
import { refuse } from './refuse'
import { roleFormOptions } from './role-options'
import { rolePermissionRoutes } from './role-permissions.routes'

/** `parent_name` and `admins_count` (live administrators holding the role), in the page's statement. */
const roleColumns = (page: Record<string, SQL>) => ({
  parent_name:
    sql<string>`coalesce((select parent.name from roles parent where parent.id = ${page.parent_id}), '')`.as(
      'parent_name',
    ),
  admins_count: sql<number>`(select count(*)::int from admin_role ar join admins a on a.id = ar.admin_id
    and a.deleted_at is null where ar.role_id = ${page.id})`.as('admins_count'),
})

/** A role the caller manages: one below their own (any role for the super administrator). */
async function assertManaged(tx: Tx, ctx: ResourceContext, roleId: number): Promise<void> {
  if (!(await filterAssignableRoles(tx, ctx.roleIds, [roleId])).has(roleId)) throw forbidden()
}

/**
 * A role's parent must be a role the caller holds or manages; only the super administrator makes
 * top-level roles. A template must be a template role the caller manages. A role's data scope is
 * no wider than the widest of the caller's own roles.
 */
async function checkRoleValues(values: Row, args: { tx: Tx; ctx: ResourceContext; existing?: Row }) {
  const { tx, ctx, existing } = args
  if (existing) await assertManaged(tx, ctx, existing.id as number)
  if ('parent_id' in values) {
    const parentId = Number(values.parent_id)
    const own = parentId > 0 && ctx.roleIds.includes(parentId)
    const allowed =
      parentId === 0
        ? isSuperAdmin(ctx.roleIds)
        : own || (await filterAssignableRoles(tx, ctx.roleIds, [parentId])).has(parentId)
    if (!allowed)
      throw invalidFields(ctx.language, [{ field: 'parent_id', key: 'validations.messages.exists' }])
  }
  if ('data_scope' in values && !(await mayGrantScope({ ...ctx, db: tx }, values.data_scope as DataScope)))
    throw invalidFields(ctx.language, [{ field: 'data_scope', key: 'roles.scope_too_wide' }])
  const tmpId = Number(values.tmp_id ?? 0)
  if (!existing && tmpId > 0) {
    const [template] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.id, tmpId), eq(roles.is_tmp, 1), isNull(roles.deleted_at)))
    const visible =
      ctx.roleIds.includes(tmpId) || (await filterAssignableRoles(tx, ctx.roleIds, [tmpId])).has(tmpId)
    if (!template || !visible)
      throw invalidFields(ctx.language, [{ field: 'tmp_id', key: 'roles.not_a_template' }])
  }
  return values
}

/** A role created from a template starts with the template's permissions the creator holds. */
async function copyTemplatePermissions(
  id: number,
  values: Row,
  args: { tx: Tx; ctx: ResourceContext; mode: string },
) {
  const tmpId = Number(values.tmp_id ?? 0)
  if (args.mode !== 'create' || tmpId <= 0) return
  const held = new Set(await listHeldMenuIds(args.tx, args.ctx.roleIds))
  const template = await args.tx
    .select({ menu_id: menuRole.menu_id })
    .from(menuRole)
    .where(eq(menuRole.role_id, tmpId))
  const copied = template.map((row) => row.menu_id).filter((menuId) => held.has(menuId))
  if (copied.length > 0) {
    await args.tx
      .insert(menuRole)
      .values(copied.map((menu_id) => ({ role_id: id, menu_id })))
      .onConflictDoNothing()
  }
}

/** The super administrator role, roles outside the caller's reach and roles with administrators stay. */
async function checkRoleDelete(rows: Row[], { tx, ctx }: { tx: Tx; ctx: ResourceContext }) {
  const ids = rows.map((row) => row.id as number)
  if (ids.includes(SUPER_ADMIN_ROLE_ID)) throw refuse(ctx.language, 'ids', 'roles.super_admin_fixed')
  const managed = await filterAssignableRoles(tx, ctx.roleIds, ids)
  if (ids.some((id) => !managed.has(id))) throw forbidden()
  const [held] = await tx
    .select({ id: roles.id, name: roles.name })
    .from(adminRole)
    .innerJoin(admins, and(eq(admins.id, adminRole.admin_id), isNull(admins.deleted_at)))
    .innerJoin(roles, eq(roles.id, adminRole.role_id))
    .where(inArray(adminRole.role_id, ids))
    .limit(1)
  if (held)
    throw refuse(ctx.language, 'ids', 'roles.has_admins', {
      name: seededText(ctx.language, 'roles', held.id, 'name', held.name),
    })
}

export const rolesBinding: ResourceBinding = {
  definition: roleResource,
  table: roles,
  references: { tmp_id: { table: roles } },
  pageColumns: roleColumns,
  seeded: [
    { kind: 'roles', key: 'id', fields: { name: 'name', description: 'description' } },
    { kind: 'roles', key: 'parent_id', fields: { parent_name: 'name' } },
  ],
  scope: async (ctx) => rolesBelow(ctx.roleIds),
  beforeWrite: checkRoleValues,
  afterWrite: copyTemplatePermissions,
  beforeDelete: checkRoleDelete,
  pageOptions: (db, ctx) => roleFormOptions(db, ctx.roleIds, ctx.language),
}

export const rolesModule = resourcePlugin(rolesBinding, rolePermissionRoutes)
