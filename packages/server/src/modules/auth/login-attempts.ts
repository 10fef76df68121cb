import { and, count, desc, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { loginAttempts } from '../../db/schema/index'
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
} as const

export interface LoginGuard {
  /** When the account+IP pair may try again; undefined when it may now. */
  lockedUntil?: Date
  captchaRequired: boolean
}

/** What the recorded failures of this account and IP demand before a password is checked. */
export async function checkLoginGuard(
  db: Db,
  account: string,
  ip: string,
  now = new Date(),
): Promise<LoginGuard> {
  const since = (ms: number) => gt(loginAttempts.created_at, new Date(now.getTime() - ms))
  const latest = await db
    .select({ at: loginAttempts.created_at })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.account, account),
        eq(loginAttempts.ip, ip),
        since(LOGIN_LIMITS.lockWindowMs + LOGIN_LIMITS.lockMs),
      ),
    )
    .orderBy(desc(loginAttempts.created_at))
    .limit(LOGIN_LIMITS.lockAfter)
  const lockedUntil = pauseEndOf(
    latest.map((row) => row.at),
    { count: LOGIN_LIMITS.lockAfter, windowMs: LOGIN_LIMITS.lockWindowMs, pauseMs: LOGIN_LIMITS.lockMs },
    now,
  )
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

/** A successful login forgets the account's failures. */
export async function clearLoginFailures(db: Db, account: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.account, account))
}
