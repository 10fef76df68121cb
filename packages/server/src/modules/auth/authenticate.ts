import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client'
import { configs } from '../../db/schema/index'
import { AppError } from '../../errors'
import { consumeCaptchaTicket, requireCaptchaTicket } from '../captcha/consume-captcha-ticket'
import { findUserByLogin, normaliseLogin } from './find-user-by-login'
import { verifyPassword } from './hash-password'
import type { UserRow } from './load-session-user'
import { checkLoginGuard, clearLoginFailures, lockedOut, recordLoginFailure } from './login-attempts'
import { verifySecondFactor } from './totp'

export interface Credentials {
  username: string
  password: string
  captcha?: string
  /** The code of the authenticator app or a recovery code, for an account with two-factor login. */
  totp?: string
}

/** The stored argon2id hash of the common password; empty when it is off. */
async function readCommonPasswordHash(db: Db): Promise<string> {
  const [row] = await db
    .select({ value: configs.value })
    .from(configs)
    .where(and(eq(configs.key, 'common_password'), isNull(configs.deleted_at)))
  return row?.value.startsWith('$argon2') ? row.value : ''
}

/**
 * Whether this password is the common password, checked only where it could be accepted: outside
 * production, for an existing account whose own password it is not. Every use is logged.
 */
async function isCommonPassword(request: FastifyRequest, user: UserRow, password: string): Promise<boolean> {
  const commonHash = await readCommonPasswordHash(request.server.db)
  if (commonHash === '' || !(await verifyPassword(commonHash, password))) return false
  if (request.server.config.env === 'production') {
    request.log.warn({ userId: user.id }, 'common password refused in production')
    return false
  }
  return true
}

/**
 * Checks a login and answers the user, or throws: 429 while the account+IP pair is locked, 422 with
 * `captcha_required` when the failures so far demand the slider, 422 "credentials do not match" for an
 * unknown account and a wrong password alike (both hash a password, so they take as long), 422 for a
 * stopped or cancelled account (told only to whoever knows its password), 422 on `totp` for an
 * account with two-factor login when the code is missing or wrong (a wrong one counts as a failed
 * login; a recovery code is used up). The seeded common password
 * logs into any account outside production; the caller's session start writes it to the operation log.
 */
export async function authenticate(
  request: FastifyRequest,
  credentials: Credentials,
): Promise<{ user: UserRow; viaCommonPassword: boolean }> {
  const { db } = request.server
  const account = normaliseLogin(credentials.username)
  const ip = request.ip
  const guard = await checkLoginGuard(db, account, ip)
  if (guard.lockedUntil) throw lockedOut(guard.lockedUntil)
  if (guard.captchaRequired) await requireCaptchaTicket(db, credentials.captcha)
  else if (credentials.captcha) await consumeCaptchaTicket(db, credentials.captcha)

  const user = await findUserByLogin(db, credentials.username)
  const passwordMatches = await verifyPassword(user?.password, credentials.password)
  const viaCommonPassword =
    !passwordMatches && user !== undefined && (await isCommonPassword(request, user, credentials.password))
  if (!user || !(passwordMatches || viaCommonPassword)) {
    const captchaRequired = await recordLoginFailure(db, account, ip)
    throw new AppError('validation', 'auth.failed', {
      errors: { username: ['auth.failed'] },
      extras: { captcha_required: captchaRequired },
    })
  }
  if (user.status !== 1) {
    throw new AppError('validation', 'auth.account_disabled', {
      errors: { username: ['auth.account_disabled'] },
    })
  }
  if (user.totp_secret) {
    if (!credentials.totp) {
      throw new AppError('validation', 'auth.totp_required', { errors: { totp: ['auth.totp_required'] } })
    }
    if (!(await verifySecondFactor(db, request.server.appKey, user, credentials.totp))) {
      const captchaRequired = await recordLoginFailure(db, account, ip)
      throw new AppError('validation', 'auth.totp_invalid', {
        errors: { totp: ['auth.totp_invalid'] },
        extras: { captcha_required: captchaRequired },
      })
    }
  }
  await clearLoginFailures(db, account, ip)
  if (viaCommonPassword) request.log.warn({ userId: user.id }, 'logged in with the common password')
  return { user, viaCommonPassword }
}
