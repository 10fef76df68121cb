import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { captchas } from '../../db/schema/index'
import { AppError } from '../../errors'
import { hashToken } from '../auth/sessions'

/** Uses up a captcha ticket; true when it was valid, unused and not expired. Safe under concurrency. */
export async function consumeCaptchaTicket(db: Db, ticket: string, now = new Date()): Promise<boolean> {
  const used = await db
    .update(captchas)
    .set({ used_at: now })
    .where(
      and(
        eq(captchas.ticket_hash, hashToken(ticket)),
        isNull(captchas.used_at),
        gt(captchas.ticket_expires_at, now),
      ),
    )
    .returning({ id: captchas.id })
  return used.length > 0
}

/** 422 "Please complete the verification code correctly." with `captcha_required`, for the SPA to show the slider. */
export function captchaRequired(): AppError {
  return new AppError('validation', 'validations.messages.captcha', {
    errors: { captcha: ['validations.messages.captcha'] },
    extras: { captcha_required: true },
  })
}

/** Consumes the ticket or answers 422 asking for the captcha. */
export async function requireCaptchaTicket(db: Db, ticket: string | undefined): Promise<void> {
  if (!ticket || !(await consumeCaptchaTicket(db, ticket))) throw captchaRequired()
}
