import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { users } from '../../db/schema/index'
import { translate } from '../../i18n/translate'
import { sendMail } from '../../mail/send-mail'
import { sendSms } from '../../sms/send-sms'
import { requireCaptchaTicket } from '../captcha/consume-captcha-ticket'
import { CODE_TTL_MS, checkSendAllowed, issueCode, SEND_LIMITS } from './verification-codes'

export type ResetChannel = { mail: string } | { sms: string }

/** The lower-cased address or the number a reset code goes to. */
export function resetRecipientOf(target: { email?: string; mobile_phone?: string }): string {
  return target.email ? target.email.trim().toLowerCase() : (target.mobile_phone ?? '').trim()
}

/**
 * Sends a password reset code by e-mail or SMS. The answer, the limits and the time taken are the
 * same whether an account uses the address or not: a code row is recorded either way, the message is
 * only sent when an effective account exists, and delivery happens after the answer (failures are
 * logged), so neither the answer nor its timing tells who has an account.
 */
export async function sendResetCode(
  request: FastifyRequest,
  input: { target: ResetChannel; captcha: string },
) {
  const { db, appKey, config } = request.server
  const channel = 'mail' in input.target ? 'mail' : 'sms'
  const recipient =
    'mail' in input.target
      ? resetRecipientOf({ email: input.target.mail })
      : resetRecipientOf({ mobile_phone: input.target.sms })
  await checkSendAllowed(db, recipient)
  await requireCaptchaTicket(db, input.captcha)
  const match =
    channel === 'mail' ? sql`lower(${users.email}) = ${recipient}` : eq(users.mobile_phone, recipient)
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(match, isNull(users.deleted_at), eq(users.status, 1)))
    .limit(1)
  const { code } = await issueCode(db, appKey, {
    purpose: 'reset_password',
    channel,
    recipient,
    ip: request.ip,
  })
  if (user) {
    const params = { app: config.name, code, minutes: CODE_TTL_MS.reset_password / 60_000 }
    const lang = request.language
    const delivery =
      channel === 'mail'
        ? sendMail(request.server, request.log, {
            to: recipient,
            subject: translate(lang, 'code.mail_reset_password_subject', params),
            text: translate(lang, 'code.mail_reset_password_body', params),
            secrets: [code],
          })
        : sendSms(request.server, request.log, {
            mobile: recipient,
            content: translate(lang, 'code.sms_reset_password', params),
            secrets: [code],
          })
    delivery.catch((error) => request.log.error({ err: error }, 'reset code delivery failed'))
  }
  return { wait: SEND_LIMITS.resendMs / 1000, expires_in: CODE_TTL_MS.reset_password / 1000 }
}
