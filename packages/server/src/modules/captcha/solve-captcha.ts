import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { captchas } from '../../db/schema/index'

/**
 * For tests: fetches a challenge and answers it as a person would (the answer read from the
 * database, a 900 ms drag), through /api. Answers the one-time ticket.
 */
export async function solveCaptcha(
  app: FastifyInstance,
  headers: Record<string, string> = {},
): Promise<string> {
  const challenge = await app.inject({ method: 'GET', url: '/api/open/captcha', headers })
  const { id } = challenge.json() as { id: string }
  const [row] = await app.db.select({ x: captchas.x }).from(captchas).where(eq(captchas.id, id))
  const answer = await app.inject({
    method: 'POST',
    url: '/api/open/captcha/verify',
    headers,
    payload: { id, x: row.x + 2, duration_ms: 900 },
  })
  const { captcha } = answer.json() as { captcha?: string }
  if (!captcha) throw new Error(`captcha not solved: ${answer.body}`)
  return captcha
}
