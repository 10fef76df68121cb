import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { isSuperAdmin } from '../../access/held-menus'
import { users } from '../../db/schema/index'
import { forbidden, notFound } from '../../errors'
import { contextOf } from '../../resource/context'
import { parseId } from '../../resource/resource-routes'
import { runWrite } from '../../resource/run-write'
import type { ResourceBinding } from '../../resource/types'
import { removeSecondFactor } from '../auth/totp'

/**
 * DELETE /admin/users/{id}/totp: the super administrator turns off an account's two-factor login
 * (a lost phone): its secret and recovery codes go; the account logs in with its password and may
 * set up the app again. Only the super administrator, whatever menu items a role holds; an account
 * out of the caller's reach answers 404. Logged.
 */
export async function resetSecondFactor(request: FastifyRequest, binding: Pick<ResourceBinding, 'scope'>) {
  const ctx = contextOf(request)
  const id = parseId((request.params as { id: string }).id)
  const scope = await binding.scope?.(ctx)
  const [account] = await ctx.db
    .select({ id: users.id, enabled: users.totp_enabled_at })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deleted_at), scope))
  if (!account) throw notFound()
  if (!isSuperAdmin(ctx.roleIds)) throw forbidden()
  await runWrite(ctx, { id, totp: 'reset' }, (tx) => removeSecondFactor(tx, id))
  return { id, was_enabled: account.enabled !== null }
}
