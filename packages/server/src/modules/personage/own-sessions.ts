import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { sessions } from '../../db/schema/index'
import { unauthenticated } from '../../errors'
import { locateIp } from '../../ip-location/locate-ip'
import { contextOf } from '../../resource/context'
import { runWrite } from '../../resource/run-write'
import { describeBrowser } from '../sessions/describe-browser'
import { liveSessions } from '../sessions/sessions.resource'

/** More live sessions than one person has: the list stops there. */
const MOST_SESSIONS = 100

/** GET /{area}/personage/sessions: the caller's live sessions, newest first; `current` marks this one. */
export async function listOwnSessions(request: FastifyRequest) {
  const user = request.user
  if (!user) throw unauthenticated()
  const rows = await request.server.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.user_id, user.id), liveSessions()))
    .orderBy(desc(sessions.created_at), desc(sessions.id))
    .limit(MOST_SESSIONS)
  return {
    data: rows.map((row) => ({
      id: row.id,
      ip: row.ip,
      location: row.location || locateIp(row.ip),
      browser: describeBrowser(row.user_agent),
      created_at: row.created_at,
      last_used_at: row.last_used_at,
      expires_at: row.expires_at,
      current: row.id === user.sessionId,
    })),
  }
}

/**
 * DELETE /{area}/personage/sessions {ids}: ends the caller's other sessions among `ids` (this one
 * stays; ids of someone else's sessions are left alone like unknown ones). Their next request is
 * told they were ended from another of the user's devices. Logged; answers how many ended.
 */
export async function endOwnSessions(request: FastifyRequest, ids: number[]) {
  const user = request.user
  if (!user) throw unauthenticated()
  return runWrite(contextOf(request), { ids }, async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ ended_at: new Date(), end_reason: 'ended_by_owner' })
      .where(
        and(
          inArray(sessions.id, ids),
          eq(sessions.user_id, user.id),
          ne(sessions.id, user.sessionId),
          isNull(sessions.ended_at),
        ),
      )
      .returning({ id: sessions.id })
    return { ended: ended.length }
  })
}
