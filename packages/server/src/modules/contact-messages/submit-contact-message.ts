import type { TContactInput } from '@brokerdesk/shared'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client'
import { contactMessages } from '../../db/schema/index'
import { AppError } from '../../errors'
import { contextOf } from '../../resource/context'
import { runWrite } from '../../resource/run-write'
import { requireCaptchaTicket } from '../captcha/consume-captcha-ticket'

/** Messages one address may leave: a few in 10 minutes, some more in a day (deleted ones count too). */
export const CONTACT_LIMITS = [
  { count: 3, windowMs: 10 * 60_000 },
  { count: 10, windowMs: 24 * 60 * 60_000 },
] as const

/** Throws 429 with the seconds to wait when this address has left too many messages lately. */
export async function checkContactAllowed(db: Db, ip: string, now = new Date()): Promise<void> {
  for (const limit of CONTACT_LIMITS) {
    const since = new Date(now.getTime() - limit.windowMs)
    const recent = await db
      .select({ at: contactMessages.created_at })
      .from(contactMessages)
      .where(and(eq(contactMessages.ip, ip.slice(0, 100)), gt(contactMessages.created_at, since)))
      .orderBy(sql`${contactMessages.created_at} desc`)
      .limit(limit.count)
    if (recent.length < limit.count) continue
    const oldest = recent[recent.length - 1].at.getTime()
    const seconds = Math.max(1, Math.ceil((oldest + limit.windowMs - now.getTime()) / 1000))
    throw new AppError('too_many_requests', 'contact.too_many', {
      params: { minutes: Math.ceil(seconds / 60) },
      extras: { retry_after: seconds },
    })
  }
}

/**
 * Keeps a visitor's message for the administrators: the address's limits first (so a refused
 * message keeps its captcha ticket), then the ticket, then the message and its log entry.
 */
export async function submitContactMessage(request: FastifyRequest, input: TContactInput): Promise<number> {
  const { db } = request.server
  await checkContactAllowed(db, request.ip)
  await requireCaptchaTicket(db, input.captcha)
  const ctx = contextOf(request)
  const { captcha: _ticket, ...message } = input
  return runWrite(ctx, message, async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...message, ip: request.ip.slice(0, 100), language: request.language })
      .returning({ id: contactMessages.id })
    return row.id
  })
}
