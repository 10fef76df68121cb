import { hash } from 'node:crypto'
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { sessions } from '../../db/schema/index'
import { locateIp } from '../../ip-location/locate-ip'
import { randomString } from '../../secrets'

/** How long a "remember login" session lasts without use. */
export const REMEMBER_DAYS = 14
/** A session's expiry is pushed forward at most this often, so reads do not write on every request. */
const TOUCH_INTERVAL_MS = 60_000

export type SessionRow = typeof sessions.$inferSelect
export type EndReason =
  | 'logout'
  | 'logged_in_elsewhere'
  | 'password_changed'
  | 'password_reset'
  | 'expired'
  /** Ended from the online sessions list (/admin/sessions). */
  | 'ended_by_admin'
  /** Ended by its own user from another of their sessions (personal data). */
  | 'ended_by_owner'

/** The ends the session's next request is told about with `force_logout` and this message. */
export const FORCED_LOGOUT_MESSAGES: Partial<Record<EndReason, string>> = {
  logged_in_elsewhere: 'auth.logged_in_elsewhere',
  ended_by_admin: 'auth.ended_by_admin',
  ended_by_owner: 'auth.ended_by_owner',
}

export function hashToken(token: string): string {
  return hash('sha256', token)
}

function expiryFrom(now: Date, lifetimeMinutes: number, remember: boolean): Date {
  const ms = remember ? REMEMBER_DAYS * 86_400_000 : lifetimeMinutes * 60_000
  return new Date(now.getTime() + ms)
}

export interface CreateSessionOptions {
  userId: number
  remember: boolean
  lifetimeMinutes: number
  ip: string
  userAgent: string
  /** The account's name as the sessions list shows and searches it. */
  account?: string
}

/** Starts a session; the token is returned once and only its hash is stored. */
export async function createSession(db: Db, options: CreateSessionOptions) {
  const token = randomString(48)
  const now = new Date()
  const [session] = await db
    .insert(sessions)
    .values({
      user_id: options.userId,
      token_hash: hashToken(token),
      remember: options.remember,
      account: (options.account ?? '').slice(0, 100),
      ip: options.ip.slice(0, 100),
      location: locateIp(options.ip).slice(0, 150),
      user_agent: options.userAgent.slice(0, 500),
      created_at: now,
      last_used_at: now,
      expires_at: expiryFrom(now, options.lifetimeMinutes, options.remember),
    })
    .returning()
  return { token, session }
}

/** The session a token belongs to, live or ended (an ended one tells why the caller was logged out). */
export async function findSessionByToken(db: Db, token: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.token_hash, hashToken(token)))
  return row
}

export function isLive(session: SessionRow, now = new Date()): boolean {
  return !session.ended_at && session.expires_at > now
}

/** Slides a live session's expiry forward (at most once a minute); answers whether it did. */
export async function touchSession(
  db: Db,
  session: SessionRow,
  lifetimeMinutes: number,
  now = new Date(),
): Promise<boolean> {
  if (now.getTime() - session.last_used_at.getTime() < TOUCH_INTERVAL_MS) return false
  await db
    .update(sessions)
    .set({ last_used_at: now, expires_at: expiryFrom(now, lifetimeMinutes, session.remember) })
    .where(eq(sessions.id, session.id))
  return true
}

export async function endSession(db: Db | Tx, sessionId: number, reason: EndReason) {
  await db
    .update(sessions)
    .set({ ended_at: new Date(), end_reason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.ended_at)))
}

/** Ends every live session of a user except `keepSessionId`. */
export async function endUserSessions(db: Db, userId: number, reason: EndReason, keepSessionId?: number) {
  await db
    .update(sessions)
    .set({ ended_at: new Date(), end_reason: reason })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.ended_at),
        gt(sessions.expires_at, sql`now()`),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
}
