import { and, count, desc, eq, gt, lt, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { loginAttempts } from '../../db/schema/index'
import { AppError } from '../../errors'
import { pauseEndOf } from './burst-pause'

/** The brute-force limits of a login. */
export const LOGIN_LIMITS = {
  /** This many failures of an account, or from an IP, within the window ask for the captcha. */
  captchaAfter: 3,
  captchaWindowMs: 10 * 60_000,
  /** This many failures of one account from one IP within the window refuse that pair for a while. */
  lockAfter: 10,
  lockWindowMs: 10 * 60_000,
  lockMs: 15 * 60_000,
  /** This many failures from one IP, whatever the accounts, refuse that IP for every account. */
  ipLockAfter: 30,
  /**
   * This many failures of one account, whatever the IPs, refuse every IP that has itself failed on
   * it within the window (an address that has not, such as the owner's, still gets in).
   */
  accountLockAfter: 50,
} as const

export interface LoginGuard {
  /** When the account+IP pair may try again; undefined when it may now. */
  lockedUntil?: Date
  captchaRequired: boolean
}

/** The newest failures matching `where` within the lock's reach, newest first. */
async function latestFailures(db: Db, where: SQL | undefined, limit: number, now: Date): Promise<Date[]> {
  const reach = gt(
    loginAttempts.created_at,
    new Date(now.getTime() - LOGIN_LIMITS.lockWindowMs - LOGIN_LIMITS.lockMs),
  )
  const rows = await db
    .select({ at: loginAttempts.created_at })
    .from(loginAttempts)
    .where(and(where, reach))
    .orderBy(desc(loginAttempts.created_at))
    .limit(limit)
  return rows.map((row) => row.at)
}

/**
 * What the recorded failures of this account and IP demand before a password is checked: a lock of
 * the account+IP pair, of the IP (spraying many accounts), or of the account for the IPs that have
 * failed on it (many addresses against one account); otherwise perhaps the captcha. The captcha only
 * slows a person down: a scripted solver still meets these locks, which are the real barrier.
 */
export async function checkLoginGuard(
  db: Db,
  account: string,
  ip: string,
  now = new Date(),
): Promise<LoginGuard> {
  const rule = (count: number) => ({
    count,
    windowMs: LOGIN_LIMITS.lockWindowMs,
    pauseMs: LOGIN_LIMITS.lockMs,
  })
  const [pair, byIp, byAccount] = await Promise.all([
    latestFailures(
      db,
      and(eq(loginAttempts.account, account), eq(loginAttempts.ip, ip)),
      LOGIN_LIMITS.lockAfter,
      now,
    ),
    latestFailures(db, eq(loginAttempts.ip, ip), LOGIN_LIMITS.ipLockAfter, now),
    latestFailures(db, eq(loginAttempts.account, account), LOGIN_LIMITS.accountLockAfter, now),
  ])
  const pairEnd = pauseEndOf(pair, rule(LOGIN_LIMITS.lockAfter), now)
  const ipEnd = pauseEndOf(byIp, rule(LOGIN_LIMITS.ipLockAfter), now)
  const accountEnd =
    pair.length > 0 ? pauseEndOf(byAccount, rule(LOGIN_LIMITS.accountLockAfter), now) : undefined
  const ends = [pairEnd, ipEnd, accountEnd].filter((end): end is Date => end !== undefined)
  const lockedUntil = ends.length > 0 ? new Date(Math.max(...ends.map((end) => end.getTime()))) : undefined
  return { lockedUntil, captchaRequired: await failuresDemandCaptcha(db, account, ip, now) }
}

async function failuresDemandCaptcha(db: Db, account: string, ip: string, now: Date): Promise<boolean> {
  const recent = gt(loginAttempts.created_at, new Date(now.getTime() - LOGIN_LIMITS.captchaWindowMs))
  const [byAccount] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.account, account), recent))
  if (byAccount.n >= LOGIN_LIMITS.captchaAfter) return true
  const [byIp] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), recent))
  return byIp.n >= LOGIN_LIMITS.captchaAfter
}

/** Records a failed login; answers whether the next try needs the captcha. Day-old rows are dropped. */
export async function recordLoginFailure(
  db: Db,
  account: string,
  ip: string,
  now = new Date(),
): Promise<boolean> {
  await db.delete(loginAttempts).where(lt(loginAttempts.created_at, new Date(now.getTime() - 86_400_000)))
  await db.insert(loginAttempts).values({ account, ip, created_at: now })
  return failuresDemandCaptcha(db, account, ip, now)
}

/**
 * A successful login forgets the account's failures from the address it came from, and only
 * those: a lock another address earned stays.
 */
export async function clearLoginFailures(db: Db, account: string, ip: string): Promise<void> {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.account, account), eq(loginAttempts.ip, ip)))
}

/** The 429 of a lock: how many minutes to wait, with `Retry-After`. */
export function lockedOut(lockedUntil: Date, now = new Date()): AppError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000))
  return new AppError('too_many_requests', 'auth.throttle', {
    params: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
    extras: { retry_after: seconds, retry_at: lockedUntil.toISOString() },
  })
}
