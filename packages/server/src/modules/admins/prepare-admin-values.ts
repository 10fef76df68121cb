import { hash } from '@node-rs/argon2'
import { filterAssignableRoles } from '../../access/held-menus'
import { users } from '../../db/schema/index'
import { invalidFields } from '../../resource/field-errors'
import type { Row, WriteArgs } from '../../resource/types'
import { findTakenFields } from '../auth/find-taken-fields'
import { assertPasswordPolicy } from '../auth/password-policy'
import { checkDepartmentChoice } from '../departments/department-of-record'

const ACCOUNT_FIELDS = ['uname', 'name', 'email', 'mobile_phone', 'password'] as const

/**
 * An admin record binds an account to roles. On create with `user_id` 0 the account is created
 * from the account fields in the same transaction. Roles are limited to those the caller may
 * assign (the binding's scope already keeps records holding other roles out of the caller's reach).
 */
export async function prepareAdminValues(values: Row, args: WriteArgs): Promise<Row> {
  const { tx, ctx, mode } = args
  const account = Object.fromEntries(ACCOUNT_FIELDS.map((field) => [field, String(values[field] ?? '')]))
  const stored: Row = Object.fromEntries(
    Object.entries(values).filter(([key]) => !(ACCOUNT_FIELDS as readonly string[]).includes(key)),
  )

  if (mode === 'update') delete stored.user_id
  await checkDepartmentChoice(values, args)
  if (Array.isArray(values.role_ids)) {
    const wanted = values.role_ids as number[]
    const assignable = await filterAssignableRoles(tx, ctx.roleIds, wanted)
    if (wanted.some((id) => !assignable.has(id))) {
      throw invalidFields(ctx.language, [{ field: 'role_ids', key: 'admins.role_not_assignable' }])
    }
  }
  if (mode === 'create' && Number(values.user_id ?? 0) === 0) {
    stored.user_id = await createAccount(account, Number(values.department_id ?? 0), args)
  }
  return stored
}

/** A new account is filed in the unit of the back-office user it is made for. */
async function createAccount(
  account: Record<string, string>,
  departmentId: number,
  { tx, ctx }: WriteArgs,
): Promise<number> {
  const issues = [
    ...(account.uname === '' ? [{ field: 'uname', key: 'validations.messages.required' }] : []),
    ...(account.name === '' ? [{ field: 'name', key: 'validations.messages.required' }] : []),
    ...(account.password === '' ? [{ field: 'password', key: 'validations.messages.required' }] : []),
  ]
  const taken = await findTakenFields(tx, account)
  for (const field of Object.keys(taken)) issues.push({ field, key: 'validations.messages.unique' })
  if (issues.length > 0) throw invalidFields(ctx.language, issues)
  await assertPasswordPolicy(tx, ctx.settings, ctx.language, { password: account.password, account })
  const [user] = await tx
    .insert(users)
    .values({
      uname: account.uname,
      name: account.name,
      email: account.email,
      mobile_phone: account.mobile_phone,
      password: await hash(account.password),
      status: 1,
      department_id: departmentId,
    })
    .returning({ id: users.id })
  return user.id
}
