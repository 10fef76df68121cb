import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { departments } from '../../db/schema/index'
import { invalidFields } from '../../resource/field-errors'
import { treeOptions } from '../../resource/option-sources'
import type { ResourceContext, Row, TreeOption, WriteArgs } from '../../resource/types'
import { anyOf, mayAssignUnit, resolveDataScope } from '../permissions/data-scope'

/** `department_name` beside `department_id` on a page of accounts or back-office users. */
export const departmentNameColumn = (page: Record<string, SQL>) =>
  sql<string>`coalesce((select d.name from departments d where d.id = ${page.department_id}), '')`.as(
    'department_name',
  )

/**
 * The unit a record is filed in must exist, and lie in the caller's data scope (create, update and
 * import alike; 0, no unit, only for those who see everything).
 */
export async function checkDepartmentChoice(values: Row, { tx, ctx, mode }: WriteArgs): Promise<void> {
  if (!('department_id' in values) && mode === 'update') return
  const unitId = Number(values.department_id ?? 0)
  const caller = { db: tx, userId: ctx.userId, roleIds: ctx.roleIds }
  if (unitId > 0) {
    const [unit] = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(sql`${departments.id} = ${unitId} and ${departments.deleted_at} is null`)
    if (!unit)
      throw invalidFields(ctx.language, [{ field: 'department_id', key: 'validations.messages.exists' }])
  }
  if (!(await mayAssignUnit(caller, unitId)))
    throw invalidFields(ctx.language, [{ field: 'department_id', key: 'departments.out_of_scope' }])
}

/** The units a form offers: the whole tree for those who see everything, otherwise those of their scope. */
export async function departmentOptions(db: Db, ctx: ResourceContext): Promise<TreeOption[]> {
  const scope = await resolveDataScope({ db, userId: ctx.userId, roleIds: ctx.roleIds })
  if (scope.kind === 'all') return treeOptions(db, departments)
  if (scope.kind === 'self' || scope.unitIds.length === 0) return []
  return treeOptions(db, departments, sql`${departments.id} = ${anyOf(scope.unitIds)}`)
}
