import { randomInt } from 'node:crypto'
import { and, eq, isNull, lt } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import type { Db, Tx } from '../../db/client'
import { totpRecoveryCodes, users } from '../../db/schema/index'
import { hmac } from '../../secrets'
import { openPassword, sealPassword } from '../agent-systems/seal-password'

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const PERIOD_SECONDS = 30
/** A code of the step before or after the current one is accepted too (clocks drift). */
const WINDOW = 1
export const RECOVERY_CODE_COUNT = 10
/** Recovery codes avoid the characters people mix up (0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const TOTP_CODE = /^\d{6}$/

function totpOf(secret: string, account = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  })
}

/** A new random secret (160 bits, base32), sealed for storing. */
export function newTotpSecret(appKey: string): { secret: string; sealed: string } {
  const secret = new Secret({ size: 20 }).base32
  return { secret, sealed: sealPassword(appKey, secret, 'users.totp_secret') }
}

export function openTotpSecret(appKey: string, sealed: string): string {
  return openPassword(appKey, sealed, 'users.totp_secret')
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function otpauthUrl(secret: string, account: string, issuer: string): string {
  return totpOf(secret, account, issuer).toString()
}

/** The time step of a code of this secret, or undefined when it matches no step within the window. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!TOTP_CODE.test(code)) return undefined
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW })
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD_SECONDS) + delta
}

/**
 * Accepts a code of the user's secret once: its step must be later than the last accepted one
 * (stored in the same statement, so two requests with one code cannot both pass).
 */
export async function acceptTotpCode(
  db: Db | Tx,
  options: { userId: number; secret: string; code: string },
): Promise<boolean> {
  const step = matchingStep(options.secret, options.code)
  if (step === undefined) return false
  const updated = await db
    .update(users)
    .set({ totp_last_step: step })
    .where(and(eq(users.id, options.userId), lt(users.totp_last_step, step)))
    .returning({ id: users.id })
  return updated.length > 0
}

/** A recovery code as typed: lower case, without spaces and hyphens. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '')
}

const recoveryHash = (appKey: string, code: string) =>
  hmac(appKey, `totp-recovery:${normaliseRecoveryCode(code)}`)

function newRecoveryCode(): string {
  let code = ''
  for (let n = 0; n < 10; n++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

/** Replaces the user's recovery codes with ten new ones; answers them (only their HMACs are kept). */
export async function replaceRecoveryCodes(tx: Tx, appKey: string, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.user_id, userId))
  await tx
    .insert(totpRecoveryCodes)
    .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryHash(appKey, code) })))
  return codes
}

/** Uses up one of the user's recovery codes; answers whether it was one not used before. */
export async function useRecoveryCode(db: Db | Tx, appKey: string, userId: number, code: string) {
  const normalised = normaliseRecoveryCode(code)
  if (normalised.length !== 10) return false
  const used = await db
    .update(totpRecoveryCodes)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(totpRecoveryCodes.user_id, userId),
        eq(totpRecoveryCodes.code_hash, recoveryHash(appKey, normalised)),
        isNull(totpRecoveryCodes.used_at),
      ),
    )
    .returning({ id: totpRecoveryCodes.id })
  return used.length > 0
}

/**
 * Checks the second factor of a user who has one: a current code of their authenticator app, or one
 * of their recovery codes (used up).
 */
export async function verifySecondFactor(
  db: Db | Tx,
  appKey: string,
  user: { id: number; totp_secret: string | null },
  code: string,
): Promise<boolean> {
  if (!user.totp_secret) return false
  const typed = code.trim()
  if (TOTP_CODE.test(typed)) {
    return acceptTotpCode(db, {
      userId: user.id,
      secret: openTotpSecret(appKey, user.totp_secret),
      code: typed,
    })
  }
  return useRecoveryCode(db, appKey, user.id, typed)
}

/** Turns the second factor off: the secret, one being enrolled and the recovery codes go. */
export async function removeSecondFactor(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: 0 })
    .where(eq(users.id, userId))
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.user_id, userId))
}
