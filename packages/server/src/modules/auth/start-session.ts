import { configIsOn } from '@brokerdesk/shared'
import { eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/index'
import { writeOperationLog } from '../../operation-log/write-operation-log'
import { issueCsrfToken, sessionBinding } from '../../plugins/csrf'
import { setSessionCookie } from '../../plugins/session'
import { loadSessionUser } from './load-session-user'
import { presentSessionUser } from './present-user'
import { securityStepOf } from './security-step'
import { createSession, endUserSessions, REMEMBER_DAYS } from './sessions'

/** Every successful login is logged under this menu item; the log statistics count them. */
export const LOGIN_ROUTE = { url: '/open/login', method: 'POST' } as const

/**
 * Logs a user in: a new session, an operation-log row, every other live session of the account ended as "logged in
 * elsewhere" (unless the `session_concurrent` setting allows several), the HttpOnly cookie for the SPA. Answers the session object of GET /open/user, and
 * the token only to /api callers (the SPA never sees it).
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    userId: number
    remember: boolean
    via: 'password' | 'register' | 'other_login'
    /** Logged in through the seeded common password (SPEC §3): the log says so. */
    commonPassword?: boolean
  },
) {
  const { db, config } = request.server
  const [account] = await db
    .select({ uname: users.uname, email: users.email, mobile_phone: users.mobile_phone })
    .from(users)
    .where(eq(users.id, options.userId))
  const endOthers = !configIsOn(await request.server.settings.value('session_concurrent'))
  // The session, the others ended and the login's log entry in one transaction.
  const { token, session } = await db.transaction(async (tx) => {
    const started = await createSession(tx as unknown as Db, {
      userId: options.userId,
      remember: options.remember,
      lifetimeMinutes: config.sessionLifetime,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      account: account ? account.uname || account.email || account.mobile_phone : '',
    })
    // One session per account unless the settings allow several.
    if (endOthers)
      await endUserSessions(tx as unknown as Db, options.userId, 'logged_in_elsewhere', started.session.id)
    await writeOperationLog(tx, {
      menu: LOGIN_ROUTE,
      userId: options.userId,
      ip: request.ip,
      url: request.url,
      method: LOGIN_ROUTE.method,
      parameters: {
        via: options.via,
        remember: options.remember,
        ...(options.commonPassword ? { common_password: true } : {}),
      },
    })
    return started
  })
  // The ended sessions' callers may be kept here (a GET callback of a third-party login too).
  request.server.requestAuth.changed()
  const maxAgeSeconds = options.remember ? REMEMBER_DAYS * 86_400 : config.sessionLifetime * 60
  if (request.channel === 'web') setSessionCookie(reply, token, maxAgeSeconds)
  const user = await loadSessionUser(db, options.userId, session.id)
  return {
    user: user
      ? presentSessionUser(user, request.language, await securityStepOf(request.server.settings, user))
      : {},
    lifetime: config.sessionLifetime,
    // The SPA's anti-forgery token, bound to the new session (the one it held is not).
    ...(request.channel === 'web'
      ? { _token: issueCsrfToken(request.server.appKey, sessionBinding(token)) }
      : {}),
    ...(request.channel === 'api' ? { token } : {}),
  }
}
