import { adminResource } from '@brokerdesk/shared'
import { type SQL, sql } from 'drizzle-orm'
import { adminRole, admins, roles, users } from '../../db/schema/index'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding } from '../../resource/types'
import { departmentNameColumn, departmentOptions } from '../departments/department-of-record'
import { recordScopes } from '../permissions/data-scope'
import { refuse } from '../roles/refuse'
import { assignableRoleOptions } from '../roles/role-options'
import { FIRST_USER_ID } from '../users/users.resource'
import { adminAccountRoutes } from './admin-accounts.routes'
import { prepareAdminValues } from './prepare-admin-values'

/** The first administrator record, the installation's, can never be deleted. */
export const FIRST_ADMIN_ID = 1

/** The account's names beside each admin record, in the page's statement. */
const accountColumns = (page: Record<string, SQL>) => {
  const of = (column: string) =>
    sql<string>`coalesce((select u.${sql.identifier(column)} from users u where u.id = ${page.user_id}), '')`.as(
      column,
    )
  return {
    uname: of('uname'),
    name: of('name'),
    email: of('email'),
    mobile_phone: of('mobile_phone'),
    department_name: departmentNameColumn(page),
  }
}

/**
 * Back-office users: an account bound to roles; one live admin record per account. A caller sees,
 * changes and removes only the records whose roles are all below their own (the super
 * administrator: all) and whose unit is in their data scope, and assigns only such roles and units.
 */
export const adminsBinding: ResourceBinding = {
  definition: adminResource,
  table: admins,
  references: { user_id: { table: users } },
  links: {
    role_ids: {
      table: adminRole,
      ownerColumn: adminRole.admin_id,
      targetColumn: adminRole.role_id,
      targetTable: roles,
    },
  },
  uniqueIndexes: { admins_user_id_unique: 'user_id' },
  pageColumns: accountColumns,
  seeded: [{ kind: 'users', key: 'user_id', fields: { name: 'name' } }],
  scope: (ctx) => recordScopes.admins(ctx),
  beforeWrite: prepareAdminValues,
  pageOptions: async (db, ctx) => ({
    role_ids: await assignableRoleOptions(db, ctx.roleIds, ctx.language),
    department_id: await departmentOptions(db, ctx),
  }),
  beforeDelete: async (rows, { ctx }) => {
    if (rows.some((row) => row.id === FIRST_ADMIN_ID || row.user_id === FIRST_USER_ID)) {
      throw refuse(ctx.language, 'ids', 'admins.first_admin')
    }
  },
}

export const adminsModule = resourcePlugin(adminsBinding, adminAccountRoutes)
