import type { FastifyRequest } from 'fastify'
import { ousers, users } from '../../../db/schema/index'
import { validationFailed } from '../../../errors'
import { findTakenFields, uniqueViolationField, uniqueViolationIndex } from '../find-taken-fields'
import { hashPassword } from '../hash-password'
import { assertPasswordPolicy } from '../password-policy'
import { consumeBinding, findBinding, type ThirdPartyProfile, ticketInvalid } from './binding-tickets'

/**
 * Creates an effective account for a third-party identity no account is bound to, and binds it. The
 * provider's e-mail address is taken over when it says it verified it and no account uses it.
 * Answers the new user's id.
 */
export async function createAccountFromBinding(
  request: FastifyRequest,
  input: { ticket: string; uname: string; password: string },
): Promise<number> {
  const { db } = request.server
  const binding = await findBinding(db, input.ticket)
  const profile = binding.profile as ThirdPartyProfile
  const taken = await findTakenFields(db, { uname: input.uname })
  if (taken.uname) throw validationFailed(taken)
  const email =
    profile.email_verified && profile.email && !(await findTakenFields(db, { email: profile.email })).email
      ? profile.email.slice(0, 100)
      : ''
  await assertPasswordPolicy(db, request.server.settings, request.language, {
    password: input.password,
    account: { uname: input.uname, email: profile.email ?? '' },
  })
  const password = await hashPassword(input.password)
  try {
    return await db.transaction(async (tx) => {
      await consumeBinding(tx, binding.id)
      const [user] = await tx
        .insert(users)
        .values({
          uname: input.uname,
          name: (profile.name ?? input.uname).slice(0, 50),
          nickname: (profile.nickname ?? profile.name ?? input.uname).slice(0, 50),
          avatar: (profile.avatar ?? '').slice(0, 255),
          email,
          password,
          status: 1,
        })
        .returning({ id: users.id })
      await tx
        .insert(ousers)
        .values({ user_id: user.id, type: binding.type, open_id: binding.open_id, data: profile })
      return user.id
    })
  } catch (error) {
    const field = uniqueViolationField(error)
    if (field) throw validationFailed({ [field]: ['validations.messages.unique'] })
    if (uniqueViolationIndex(error) === 'ousers_type_open_id_unique') throw ticketInvalid()
    throw error
  }
}
