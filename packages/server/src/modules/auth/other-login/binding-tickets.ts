import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { oauthBindings } from '../../../db/schema/index'
import { AppError } from '../../../errors'
import { randomString } from '../../../secrets'
import { hashToken } from '../sessions'

/** How long the SPA has to create or bind an account for a new third-party identity. */
export const BINDING_TTL_MS = 10 * 60_000

export interface ThirdPartyProfile {
  name?: string
  nickname?: string
  email?: string
  email_verified?: boolean
  avatar?: string
  preferred_username?: string
}

export type BindingRow = typeof oauthBindings.$inferSelect

/** Keeps a third-party identity no account is bound to; answers the one-time ticket (only its hash is kept). */
export async function createBindingTicket(
  db: Db,
  identity: { provider: string; type: number; openId: string; profile: ThirdPartyProfile },
  now = new Date(),
): Promise<string> {
  const ticket = randomString(40)
  await db.delete(oauthBindings).where(lt(oauthBindings.expires_at, new Date(now.getTime() - 86_400_000)))
  await db.insert(oauthBindings).values({
    ticket_hash: hashToken(ticket),
    provider: identity.provider,
    type: identity.type,
    open_id: identity.openId,
    profile: identity.profile as Record<string, unknown>,
    expires_at: new Date(now.getTime() + BINDING_TTL_MS),
    created_at: now,
  })
  return ticket
}

const ticketInvalid = () =>
  new AppError('validation', 'oauth.ticket_invalid', { errors: { ticket: ['oauth.ticket_invalid'] } })

/** The live, unused binding a ticket names, or 422 on the `ticket` field. */
export async function findBinding(db: Db, ticket: string, now = new Date()): Promise<BindingRow> {
  const [row] = await db
    .select()
    .from(oauthBindings)
    .where(
      and(
        eq(oauthBindings.ticket_hash, hashToken(ticket)),
        isNull(oauthBindings.used_at),
        gt(oauthBindings.expires_at, now),
      ),
    )
  if (!row) throw ticketInvalid()
  return row
}

/** Marks a binding used, once; 422 when another request used it first. */
export async function consumeBinding(tx: Db | Tx, bindingId: number, now = new Date()): Promise<void> {
  const used = await tx
    .update(oauthBindings)
    .set({ used_at: now })
    .where(and(eq(oauthBindings.id, bindingId), isNull(oauthBindings.used_at)))
    .returning({ id: oauthBindings.id })
  if (used.length === 0) throw ticketInvalid()
}

export { ticketInvalid }
