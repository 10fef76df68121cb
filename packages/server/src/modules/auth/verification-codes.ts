import { randomInt } from 'node:crypto'
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { verificationCodes } from '../../db/schema/index'
import { AppError } from '../../errors'
import { hmac, safeEqual } from '../../secrets'
import { pauseEndOf } from './burst-pause'

export type CodePurpose = 'register' | 'reset_password'
export type CodeChannel = 'sms' | 'mail'

/** How long a code may be used. */
export const CODE_TTL_MS: Record<CodePurpose, number> = {
  register: 10 * 60_000,
  reset_password: 30 * 60_000,
}

/** Sending limits per recipient (number or address), whatever the purpose. */
export const SEND_LIMITS = {
  /** One code a minute... */
  resendMs: 60_000,
  /** ...and after 5 within 30 minutes, none for 30 minutes. */
  count: 5,
  windowMs: 30 * 60_000,
  pauseMs: 30 * 60_000,
} as const

/** Wrong tries a code survives. */
const MAX_CODE_ATTEMPTS = 5

const hashCode = (appKey: string, purpose: CodePurpose, recipient: string, code: string) =>
  hmac(appKey, `code:${purpose}:${recipient}:${code}`)

/** Throws 429 when the recipient got a code within the last minute, or is paused after too many. */
export async function checkSendAllowed(db: Db, recipient: string, now = new Date()): Promise<void> {
  const recent = await db
    .select({ at: verificationCodes.created_at })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.recipient, recipient),
        gt(
          verificationCodes.created_at,
          new Date(now.getTime() - SEND_LIMITS.windowMs - SEND_LIMITS.pauseMs),
        ),
      ),
    )
    .orderBy(desc(verificationCodes.created_at))
    .limit(SEND_LIMITS.count)
  const pauseEnd = pauseEndOf(
    recent.map((row) => row.at),
    SEND_LIMITS,
    now,
  )
  if (pauseEnd) {
    const seconds = Math.ceil((pauseEnd.getTime() - now.getTime()) / 1000)
    throw new AppError('too_many_requests', 'code.send_limit', {
      params: { minutes: Math.ceil(seconds / 60) },
      extras: { retry_after: seconds },
    })
  }
  const last = recent[0]?.at
  if (last && now.getTime() - last.getTime() < SEND_LIMITS.resendMs) {
    const seconds = Math.ceil((last.getTime() + SEND_LIMITS.resendMs - now.getTime()) / 1000)
    throw new AppError('too_many_requests', 'code.wait', {
      params: { seconds },
      extras: { retry_after: seconds },
    })
  }
}

/** Makes a 6-digit code for a recipient and keeps only its HMAC; answers the code and its row id. */
export async function issueCode(
  db: Db,
  appKey: string,
  options: { purpose: CodePurpose; channel: CodeChannel; recipient: string; ip: string; now?: Date },
) {
  const now = options.now ?? new Date()
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await db
    .delete(verificationCodes)
    .where(lt(verificationCodes.created_at, new Date(now.getTime() - 86_400_000)))
  const [row] = await db
    .insert(verificationCodes)
    .values({
      purpose: options.purpose,
      channel: options.channel,
      recipient: options.recipient,
      code_hash: hashCode(appKey, options.purpose, options.recipient, code),
      ip: options.ip.slice(0, 100),
      expires_at: new Date(now.getTime() + CODE_TTL_MS[options.purpose]),
      created_at: now,
    })
    .returning({ id: verificationCodes.id })
  return { code, id: row.id }
}

/** Forgets a code that could not be delivered, so it does not count against the sender. */
export async function discardCode(db: Db, id: number): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id))
}

/**
 * Uses up a live code of this purpose sent to this recipient; true when it matched. A wrong code counts
 * a try against every live code of the recipient, and five wrong tries end them.
 */
export async function consumeCode(
  db: Db | Tx,
  appKey: string,
  options: { purpose: CodePurpose; recipient: string; code: string; now?: Date },
): Promise<boolean> {
  const now = options.now ?? new Date()
  const live = await db
    .select({ id: verificationCodes.id, hash: verificationCodes.code_hash })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, options.purpose),
        eq(verificationCodes.recipient, options.recipient),
        isNull(verificationCodes.used_at),
        gt(verificationCodes.expires_at, now),
        lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .orderBy(desc(verificationCodes.created_at))
    .limit(SEND_LIMITS.count)
  const expected = hashCode(appKey, options.purpose, options.recipient, options.code)
  const match = live.find((row) => safeEqual(row.hash, expected))
  if (match) {
    const used = await db
      .update(verificationCodes)
      .set({ used_at: now })
      .where(and(eq(verificationCodes.id, match.id), isNull(verificationCodes.used_at)))
      .returning({ id: verificationCodes.id })
    return used.length > 0
  }
  if (live.length > 0) {
    await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(
        inArray(
          verificationCodes.id,
          live.map((row) => row.id),
        ),
      )
  }
  return false
}

/** 422 on the `code` field: wrong, used or expired. */
export const invalidCode = () =>
  new AppError('validation', 'validations.messages.code', { errors: { code: ['validations.messages.code'] } })
