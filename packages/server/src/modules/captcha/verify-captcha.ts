import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { captchas } from '../../db/schema/index'
import { AppError } from '../../errors'
import { randomString } from '../../secrets'
import { hashToken } from '../auth/sessions'
import { CAPTCHA_RULES } from './captcha-rules'

type Point = [number, number, number]

/** How long a track took, from its first point to its last. */
export const trackDurationOf = (track: Point[]) => track[track.length - 1][2] - track[0][2]

/** A drag a person could have made: time moves forward, it ends where the piece was dropped, not a ruler-straight robot. */
export function isPlausibleTrack(track: Point[], x: number, durationMs: number): boolean {
  if (track.length < 3) return false
  for (let i = 1; i < track.length; i++) if (track[i][2] < track[i - 1][2]) return false
  const last = track[track.length - 1]
  if (last[2] - track[0][2] > durationMs + 1000) return false
  if (Math.abs(last[0] - x) > CAPTCHA_RULES.tolerancePx * 2) return false
  if (track.length >= 5) {
    const steps = track.slice(1).map((p, i) => [p[0] - track[i][0], p[2] - track[i][2]])
    const [dx0, dt0] = steps[0]
    if (steps.every(([dx, dt]) => Math.abs(dx - dx0) < 0.5 && Math.abs(dt - dt0) < 1)) return false
  }
  return true
}

const failed = (refresh: boolean) =>
  new AppError('validation', 'captcha.failed', {
    errors: { captcha: ['captcha.failed'] },
    extras: { refresh },
  })

/**
 * Judges an answer: within ±5 px, on a live challenge with tries left, with a plausible track that
 * took a human time — measured by the track itself, and no longer than the challenge has existed
 * (a declared duration alone is not believed). Success answers a one-time ticket (kept hashed);
 * failure 422 with `refresh: true` once the challenge cannot be answered any more and the SPA must
 * fetch a new one. The captcha is a speed bump; the login locks are the barrier.
 */
export async function verifyCaptcha(
  db: Db,
  input: { id: string; x: number; duration_ms: number; track: Point[] },
  now = new Date(),
) {
  const [challenge] = await db
    .update(captchas)
    .set({ attempts: sql`${captchas.attempts} + 1` })
    .where(
      and(
        eq(captchas.id, input.id),
        isNull(captchas.solved_at),
        gt(captchas.expires_at, now),
        lt(captchas.attempts, CAPTCHA_RULES.maxTries),
      ),
    )
    .returning({ x: captchas.x, attempts: captchas.attempts, created_at: captchas.created_at })
  if (!challenge) throw failed(true)
  const dragMs = trackDurationOf(input.track)
  const right =
    Math.abs(input.x - challenge.x) <= CAPTCHA_RULES.tolerancePx &&
    dragMs >= CAPTCHA_RULES.minDurationMs &&
    dragMs <= CAPTCHA_RULES.maxDurationMs &&
    dragMs <= now.getTime() - challenge.created_at.getTime() &&
    isPlausibleTrack(input.track, input.x, input.duration_ms)
  if (!right) throw failed(challenge.attempts >= CAPTCHA_RULES.maxTries)
  const ticket = randomString(40)
  const [solved] = await db
    .update(captchas)
    .set({
      solved_at: now,
      ticket_hash: hashToken(ticket),
      ticket_expires_at: new Date(now.getTime() + CAPTCHA_RULES.ticketTtlMs),
    })
    .where(and(eq(captchas.id, input.id), isNull(captchas.solved_at)))
    .returning({ id: captchas.id })
  if (!solved) throw failed(true)
  return { captcha: ticket, expires_in: CAPTCHA_RULES.ticketTtlMs / 1000 }
}
