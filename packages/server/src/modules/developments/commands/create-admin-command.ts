import { hash } from '@node-rs/argon2'
import { and, eq, isNull } from 'drizzle-orm'
import { filterAssignableRoles } from '../../../access/held-menus'
import { adminRole, admins, roles, users } from '../../../db/schema/index'
import { invalidFields } from '../../../resource/field-errors'
import { findTakenFields } from '../../auth/find-taken-fields'
import type { Command } from './command-types'

/**
 * Creates an account and its back-office user with one role, in one transaction. The role must be
 * one the caller may assign, as in the back-office users page.
 */
export const createAdminCommand: Command<'create-admin'> = async (params, { app, ctx, print }) => {
  const role = await app.db.transaction(async (tx) => {
    const taken = await findTakenFields(tx, { uname: params.uname })
    if (taken.uname)
      throw invalidFields(ctx.language, [{ field: 'uname', key: 'validations.messages.unique' }])
    const [found] = await tx
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(and(eq(roles.id, params.role_id), isNull(roles.deleted_at)))
    const assignable = await filterAssignableRoles(tx, ctx.roleIds, [params.role_id])
    if (!found || !assignable.has(found.id)) {
      throw invalidFields(ctx.language, [{ field: 'role_id', key: 'admins.role_not_assignable' }])
    }
    const [user] = await tx
      .insert(users)
      .values({ uname: params.uname, name: params.name, password: await hash(params.password), status: 1 })
      .returning({ id: users.id })
    const [admin] = await tx.insert(admins).values({ user_id: user.id }).returning({ id: admins.id })
    await tx.insert(adminRole).values({ admin_id: admin.id, role_id: found.id })
    return { ...found, userId: user.id }
  })
  print(`Created the back-office user "${params.uname}" (#${role.userId}) with the role "${role.name}".`)
}
