import { eq, inArray } from 'drizzle-orm'
import { filterAssignableRoles, isSuperAdmin } from '../../../access/held-menus'
import { adminRole, admins, loginAttempts, users } from '../../../db/schema/index'
import { forbidden } from '../../../errors'
import { invalidFields } from '../../../resource/field-errors'
import { findUserByLogin } from '../../auth/find-user-by-login'
import { hashPassword } from '../../auth/hash-password'
import { assertPasswordPolicy } from '../../auth/password-policy'
import { endUserSessions } from '../../auth/sessions'
import type { Command } from './command-types'

/**
 * Sets an account's password (found by account name, e-mail or mobile number), ends its sessions
 * and forgets its failed logins. The password of a back-office user may be reset only by someone
 * who reaches every role it holds, so no one takes over an account above their own.
 */
export const resetPasswordCommand: Command<'reset-password'> = async (params, { app, ctx, print }) => {
  const user = await findUserByLogin(app.db, params.uname)
  if (!user) throw invalidFields(ctx.language, [{ field: 'uname', key: 'validations.messages.exists' }])
  const held = await app.db
    .select({ role_id: adminRole.role_id })
    .from(adminRole)
    .innerJoin(admins, eq(admins.id, adminRole.admin_id))
    .where(eq(admins.user_id, user.id))
  const roleIds = held.map((row) => row.role_id)
  const reachable = await filterAssignableRoles(app.db, ctx.roleIds, roleIds)
  if (!isSuperAdmin(ctx.roleIds) && roleIds.some((id) => !reachable.has(id))) throw forbidden()
  await assertPasswordPolicy(app.db, app.settings, ctx.language, {
    password: params.password,
    account: user,
    userId: user.id,
  })
  const password = await hashPassword(params.password)
  const logins = [user.uname, user.email, user.mobile_phone].filter(Boolean).map((v) => v.toLowerCase())
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ password }).where(eq(users.id, user.id))
    await endUserSessions(tx, user.id, 'password_reset')
    if (logins.length > 0) await tx.delete(loginAttempts).where(inArray(loginAttempts.account, logins))
  })
  print(
    `The password of "${user.uname || user.email || user.mobile_phone}" (#${user.id}) was reset; its sessions ended.`,
  )
}
