import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { captchas } from '../../db/schema/index'

/** For tests: a drag a person could make to `x` in about 900 ms, uneven in pace and height. */
export function humanTrack(x: number): [number, number, number][] {
  return [
    [0, 0, 0],
    [x * 0.1, 1, 120],
    [x * 0.45, 2, 310],
    [x * 0.8, 1, 560],
    [x - 3, 0, 760],
    [x, 0, 900],
  ]
}

/**
 * For tests: fetches a challenge and answers it as a person would (the answer read from the
 * database, a 900 ms drag begun two seconds after the challenge was drawn), through /api.
 * Answers the one-time ticket.
 */
export async function solveCaptcha(
  app: FastifyInstance,
  headers: Record<string, string> = {},
): Promise<string> {
  const challenge = await app.inject({ method: 'GET', url: '/api/open/captcha', headers })
  const { id } = challenge.json() as { id: string }
  const [row] = await app.db
    .update(captchas)
    .set({ created_at: sql`${captchas.created_at} - interval '2 seconds'` })
    .where(eq(captchas.id, id))
    .returning({ x: captchas.x })
  const x = row.x + 2
  const answer = await app.inject({
    method: 'POST',
    url: '/api/open/captcha/verify',
    headers,
    payload: { id, x, duration_ms: 900, track: humanTrack(x) },
  })
  const { captcha } = answer.json() as { captcha?: string }
  if (!captcha) throw new Error(`captcha not solved: ${answer.body}`)
  return captcha
}
