import type { Language } from '@brokerdesk/shared'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/index'
import { validationFailed } from '../../errors'
import { hashPassword, verifyPassword } from '../auth/hash-password'
import type { SessionUser } from '../auth/load-session-user'
import { checkLoginGuard, clearLoginFailures, lockedOut, recordLoginFailure } from '../auth/login-attempts'
import { assertPasswordPolicy } from '../auth/password-policy'
import { endUserSessions } from '../auth/sessions'
import type { LiveSettings } from '../configs/live-settings'

/** The failures of the old-password check are counted like a login's, under this name of the account. */
const passwordCheckAccount = (userId: number) => `password-change#${userId}`

/**
 * Changes the logged-in user's password after checking the old one and the password policy; every other session of the
 * account ends ("password_changed"), the one making the change stays. Wrong old passwords are
 * counted like failed logins (a stolen session cannot guess the password at will): 429 past the limit.
 */
export async function changePassword(
  db: Db,
  user: SessionUser,
  input: { old_password: string; password: string },
  context: { ip: string; settings: LiveSettings; language: Language },
): Promise<void> {
  const { ip } = context
  const account = passwordCheckAccount(user.id)
  const guard = await checkLoginGuard(db, account, ip)
  if (guard.lockedUntil) throw lockedOut(guard.lockedUntil)
  const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, user.id))
  if (!(await verifyPassword(row?.password, input.old_password))) {
    await recordLoginFailure(db, account, ip)
    throw validationFailed({ old_password: ['validations.messages.old_password'] })
  }
  await clearLoginFailures(db, account, ip)
  await assertPasswordPolicy(db, context.settings, context.language, {
    password: input.password,
    account: user.row,
    userId: user.id,
  })
  const password = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password }).where(eq(users.id, user.id))
    await endUserSessions(tx, user.id, 'password_changed', user.sessionId)
  })
}
