import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/index'
import { validationFailed } from '../../errors'
import { hashPassword, verifyPassword } from '../auth/hash-password'
import type { SessionUser } from '../auth/load-session-user'
import { endUserSessions } from '../auth/sessions'

/**
 * Changes the logged-in user's password after checking the old one; every other session of the
 * account ends ("password_changed"), the one making the change stays.
 */
export async function changePassword(
  db: Db,
  user: SessionUser,
  input: { old_password: string; password: string },
): Promise<void> {
  const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, user.id))
  if (!(await verifyPassword(row?.password, input.old_password))) {
    throw validationFailed({ old_password: ['validations.messages.old_password'] })
  }
  const password = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password }).where(eq(users.id, user.id))
    await endUserSessions(tx, user.id, 'password_changed', user.sessionId)
  })
}
