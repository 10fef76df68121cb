import { randomInt } from 'node:crypto'
import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { captchas } from '../../db/schema/index'
import { AppError } from '../../errors'
import { randomString } from '../../secrets'
import { CAPTCHA_RULES } from './captcha-rules'
import { CAPTCHA_HEIGHT, CAPTCHA_RANGE, CAPTCHA_WIDTH, drawCaptcha, PIECE_IMAGE_WIDTH } from './draw-captcha'

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`

/** Challenges and tickets stop mattering an hour after they expire; they are removed then. */
async function purgeOldCaptchas(db: Db, now: Date) {
  const cutoff = new Date(now.getTime() - 60 * 60_000)
  await db
    .delete(captchas)
    .where(
      and(
        lt(captchas.expires_at, cutoff),
        or(isNull(captchas.ticket_expires_at), lt(captchas.ticket_expires_at, cutoff)),
      ),
    )
}

/** How many challenges this IP asked for within the last `ms`. */
async function countRecentChallenges(db: Db, ip: string, ms: number, now: Date): Promise<number> {
  const [recent] = await db
    .select({ n: count() })
    .from(captchas)
    .where(and(eq(captchas.ip, ip), gt(captchas.created_at, new Date(now.getTime() - ms))))
  return recent.n
}

/**
 * A new slider challenge: the gap at a random place, stored so any server process can judge the
 * answer. An IP asking for more than 30 a minute, or 200 an hour, gets 429.
 */
export async function createCaptcha(db: Db, options: { ip: string; now?: Date }) {
  const now = options.now ?? new Date()
  const ip = options.ip.slice(0, 100)
  if ((await countRecentChallenges(db, ip, 60_000, now)) >= CAPTCHA_RULES.perIpPerMinute) {
    throw new AppError('too_many_requests', 'errors.too_many_requests', { extras: { retry_after: 60 } })
  }
  if ((await countRecentChallenges(db, ip, 3_600_000, now)) >= CAPTCHA_RULES.perIpPerHour) {
    throw new AppError('too_many_requests', 'errors.too_many_requests', { extras: { retry_after: 600 } })
  }
  const x = randomInt(CAPTCHA_RANGE.x.min, CAPTCHA_RANGE.x.max + 1)
  const y = randomInt(CAPTCHA_RANGE.y.min, CAPTCHA_RANGE.y.max + 1)
  const id = randomString(32)
  const { background, piece } = drawCaptcha({ x, y })
  await purgeOldCaptchas(db, now)
  await db.insert(captchas).values({
    id,
    x,
    y,
    ip,
    expires_at: new Date(now.getTime() + CAPTCHA_RULES.challengeTtlMs),
    created_at: now,
  })
  return {
    id,
    image: dataUrl(background),
    piece: dataUrl(piece),
    y,
    width: CAPTCHA_WIDTH,
    height: CAPTCHA_HEIGHT,
    piece_width: PIECE_IMAGE_WIDTH,
    expires_in: CAPTCHA_RULES.challengeTtlMs / 1000,
  }
}
