import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { ousers } from '../../../db/schema/index'
import { AppError } from '../../../errors'
import { authenticate } from '../authenticate'
import { uniqueViolationIndex } from '../find-taken-fields'
import { consumeBinding, findBinding, ticketInvalid } from './binding-tickets'
import { findOidcProvider } from './oidc-configuration'

/**
 * Binds a third-party identity to an existing account whose login and password the visitor gives;
 * the password check is a login with all its brute-force protections. An account already bound to
 * another identity of the same provider is refused. Answers the user's id and the provider's label.
 */
export async function bindExistingAccount(
  request: FastifyRequest,
  input: { ticket: string; username: string; password: string; captcha?: string; totp?: string },
): Promise<{ userId: number; providerLabel: string; viaCommonPassword: boolean }> {
  const { db, config } = request.server
  const binding = await findBinding(db, input.ticket)
  const { user, viaCommonPassword } = await authenticate(request, input)
  const providerLabel = findOidcProvider(config, binding.provider)?.label ?? binding.provider
  const [existing] = await db
    .select({ open_id: ousers.open_id })
    .from(ousers)
    .where(and(eq(ousers.user_id, user.id), eq(ousers.type, binding.type), isNull(ousers.deleted_at)))
    .limit(1)
  if (existing && existing.open_id !== binding.open_id) {
    throw new AppError('validation', 'oauth.already_bound', {
      params: { provider: providerLabel },
      errors: { username: ['oauth.already_bound'] },
    })
  }
  try {
    await db.transaction(async (tx) => {
      await consumeBinding(tx, binding.id)
      if (!existing) {
        await tx
          .insert(ousers)
          .values({ user_id: user.id, type: binding.type, open_id: binding.open_id, data: binding.profile })
      }
    })
  } catch (error) {
    if (uniqueViolationIndex(error) === 'ousers_type_open_id_unique') throw ticketInvalid()
    throw error
  }
  return { userId: user.id, providerLabel, viaCommonPassword }
}
