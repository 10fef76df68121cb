import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import QRCode from 'qrcode'
import { users } from '../../db/schema/index'
import { AppError, unauthenticated } from '../../errors'
import { contextOf } from '../../resource/context'
import { runWrite } from '../../resource/run-write'
import { verifyPassword } from '../auth/hash-password'
import type { SessionUser } from '../auth/load-session-user'
import { checkLoginGuard, clearLoginFailures, lockedOut, recordLoginFailure } from '../auth/login-attempts'
import {
  matchingStep,
  newTotpSecret,
  openTotpSecret,
  otpauthUrl,
  removeSecondFactor,
  replaceRecoveryCodes,
  verifySecondFactor,
} from '../auth/totp'

const codeError = (key: string) => new AppError('validation', key, { errors: { code: [key] } })

function callerOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated()
  return request.user
}

/** The account's name in the authenticator app: account name, else e-mail or mobile number. */
const accountLabel = (user: SessionUser) => user.row.uname || user.row.email || user.row.mobile_phone

/**
 * POST /{area}/personage/totp: a new secret to enrol in an authenticator app (kept aside until a code
 * of it turns two-factor login on), its `otpauth://` address and that address as a QR code (SVG
 * data URL). Refused while two-factor login is on: it is turned off first.
 */
export async function startTotpEnrolment(request: FastifyRequest) {
  const user = callerOf(request)
  if (user.row.totp_secret) throw codeError('auth.totp_already_on')
  const { secret, sealed } = newTotpSecret(request.server.appKey)
  await request.server.db.update(users).set({ totp_pending_secret: sealed }).where(eq(users.id, user.id))
  const issuer = (await request.server.settings.value('site_name')) || request.server.config.name
  const url = otpauthUrl(secret, accountLabel(user), issuer)
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return {
    secret,
    otpauth_url: url,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  }
}

/**
 * PUT /{area}/personage/totp {code}: a code of the secret being enrolled turns two-factor login on
 * and answers ten one-time recovery codes (shown once; only their HMACs are kept). Logged, without
 * the code.
 */
export async function enableTotp(request: FastifyRequest, code: string) {
  const user = callerOf(request)
  if (user.row.totp_secret) throw codeError('auth.totp_already_on')
  if (!user.row.totp_pending_secret) throw codeError('auth.totp_not_started')
  const { appKey } = request.server
  const sealed = user.row.totp_pending_secret
  const step = matchingStep(openTotpSecret(appKey, sealed), code)
  if (step === undefined) throw codeError('auth.totp_invalid')
  const recoveryCodes = await runWrite(contextOf(request), { totp: 'on' }, async (tx) => {
    await tx
      .update(users)
      .set({
        totp_secret: sealed,
        totp_pending_secret: null,
        totp_enabled_at: new Date(),
        totp_last_step: step,
      })
      .where(eq(users.id, user.id))
    return replaceRecoveryCodes(tx, appKey, user.id)
  })
  return { recovery_codes: recoveryCodes }
}

/** Wrong codes and passwords of a turn-off are counted like failed logins, under this name. */
const turnOffAccount = (userId: number) => `totp-off#${userId}`

/**
 * DELETE /{area}/personage/totp {code | password}: turns two-factor login off, proven by a current
 * code (or a recovery code) or by the account's password. Wrong proofs count like failed logins (429
 * past the limit). Logged.
 */
export async function disableTotp(request: FastifyRequest, proof: { code?: string; password?: string }) {
  const user = callerOf(request)
  const { db, appKey } = request.server
  if (!user.row.totp_secret) throw codeError('auth.totp_not_on')
  const account = turnOffAccount(user.id)
  const guard = await checkLoginGuard(db, account, request.ip)
  if (guard.lockedUntil) throw lockedOut(guard.lockedUntil)
  const proven = proof.code
    ? await verifySecondFactor(db, appKey, user.row, proof.code)
    : await verifyPassword(user.row.password, proof.password ?? '')
  if (!proven) {
    await recordLoginFailure(db, account, request.ip)
    const field = proof.code ? 'code' : 'password'
    const key = proof.code ? 'auth.totp_invalid' : 'validations.messages.old_password'
    throw new AppError('validation', key, { errors: { [field]: [key] } })
  }
  await clearLoginFailures(db, account, request.ip)
  await runWrite(contextOf(request), { totp: 'off' }, (tx) => removeSecondFactor(tx, user.id))
}
