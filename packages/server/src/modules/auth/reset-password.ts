import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { loginAttempts, users } from '../../db/schema/index'
import { hashPassword } from './hash-password'
import { assertPasswordPolicy } from './password-policy'
import { resetRecipientOf } from './send-reset-code'
import { endUserSessions } from './sessions'
import { consumeCode, invalidCode } from './verification-codes'

export interface ResetPasswordInput {
  email?: string
  mobile_phone?: string
  code: string
  password: string
}

/**
 * Sets a new password with a reset code sent to the account's address or number. The code is used
 * up (not when the password policy refuses the new password); every session of the account ends ("password_reset") and its failed logins are forgotten.
 */
export async function resetPassword(request: FastifyRequest, input: ResetPasswordInput): Promise<void> {
  const { db, appKey } = request.server
  const recipient = resetRecipientOf(input)
  const reset = await db.transaction(async (tx) => {
    const codeMatches = await consumeCode(tx, appKey, {
      purpose: 'reset_password',
      recipient,
      code: input.code,
    })
    if (!codeMatches) return false
    const match = input.email ? sql`lower(${users.email}) = ${recipient}` : eq(users.mobile_phone, recipient)
    const [user] = await tx
      .select()
      .from(users)
      .where(and(match, isNull(users.deleted_at)))
      .limit(1)
    if (!user) return false
    // Thrown inside the transaction: the code is not used up by a password the policy refuses.
    await assertPasswordPolicy(tx, request.server.settings, request.language, {
      password: input.password,
      account: user,
      userId: user.id,
    })
    const password = await hashPassword(input.password)
    const logins = [user.uname, user.email, user.mobile_phone].filter(Boolean).map((v) => v.toLowerCase())
    await tx.update(users).set({ password }).where(eq(users.id, user.id))
    await endUserSessions(tx, user.id, 'password_reset')
    if (logins.length > 0) await tx.delete(loginAttempts).where(inArray(loginAttempts.account, logins))
    return true
  })
  if (!reset) throw invalidCode()
}
