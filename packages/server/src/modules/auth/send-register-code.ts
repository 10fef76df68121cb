import type { FastifyRequest } from 'fastify'
import { validationFailed } from '../../errors'
import { translate } from '../../i18n/translate'
import { sendSms } from '../../sms/send-sms'
import { requireCaptchaTicket } from '../captcha/consume-captcha-ticket'
import { findTakenFields } from './find-taken-fields'
import { CODE_TTL_MS, checkSendAllowed, discardCode, issueCode, SEND_LIMITS } from './verification-codes'

/**
 * Texts a registration code to a number no account uses yet: limits first (so a refused send keeps
 * the captcha ticket), then the ticket, then the code. Answers how long the SPA counts down.
 */
export async function sendRegisterCode(
  request: FastifyRequest,
  input: { mobile_phone: string; captcha: string },
) {
  const { db, appKey, config } = request.server
  const mobile = input.mobile_phone
  const taken = await findTakenFields(db, { mobile_phone: mobile })
  if (taken.mobile_phone) throw validationFailed(taken)
  await checkSendAllowed(db, mobile)
  await requireCaptchaTicket(db, input.captcha)
  const { code, id } = await issueCode(db, appKey, {
    purpose: 'register',
    channel: 'sms',
    recipient: mobile,
    ip: request.ip,
  })
  const minutes = CODE_TTL_MS.register / 60_000
  try {
    await sendSms(request.server, request.log, {
      mobile,
      content: translate(request.language, 'code.sms_register', { app: config.name, code, minutes }),
      secrets: [code],
    })
  } catch (error) {
    await discardCode(db, id)
    throw error
  }
  return { wait: SEND_LIMITS.resendMs / 1000, expires_in: CODE_TTL_MS.register / 1000 }
}
