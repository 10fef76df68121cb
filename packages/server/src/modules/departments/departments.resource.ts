import { departmentResource } from '@brokerdesk/shared'
import { and, inArray, isNull, or } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { admins, departments, users } from '../../db/schema/index'
import { treeOptions } from '../../resource/option-sources'
import { resourcePlugin } from '../../resource/resource-routes'
import { parentNameColumn } from '../../resource/tree/parent-name-column'
import type { ResourceBinding, ResourceContext, Row } from '../../resource/types'
import { refuse } from '../roles/refuse'

/** A unit that accounts or back-office users still belong to stays: they would belong to nothing. */
async function refuseUnitsWithMembers(rows: Row[], { tx, ctx }: { tx: Tx; ctx: ResourceContext }) {
  const ids = rows.map((row) => row.id as number)
  const [held] = await tx
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(
      and(
        inArray(departments.id, ids),
        or(
          inArray(
            departments.id,
            tx.select({ id: users.department_id }).from(users).where(isNull(users.deleted_at)),
          ),
          inArray(
            departments.id,
            tx.select({ id: admins.department_id }).from(admins).where(isNull(admins.deleted_at)),
          ),
        ),
      ),
    )
    .limit(1)
  if (held) throw refuse(ctx.language, 'ids', 'departments.has_members', { name: held.name })
}

/**
 * Organisation units: a nested set (head office → branch → department) with a leader, a phone, a
 * sort order and a status. Every administrator holding the resource sees the whole tree: a data
 * scope limits whose accounts, logs and apps they see, not which units exist.
 */
export const departmentsBinding: ResourceBinding = {
  definition: departmentResource,
  table: departments,
  pageColumns: parentNameColumn(departments),
  beforeDelete: refuseUnitsWithMembers,
  pageOptions: async (db) => ({ parent_id: await treeOptions(db, departments) }),
}

export const departmentsModule = resourcePlugin(departmentsBinding)
