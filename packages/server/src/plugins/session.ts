import { APP_TOKEN_PREFIX } from '@brokerdesk/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { adminRouteOf } from '../access/route-access'
import { AppError } from '../errors'
import { resolveAppCaller } from '../modules/apps/app-caller'
import {
  type EndReason,
  FORCED_LOGOUT_MESSAGES,
  hashToken,
  isLive,
  touchSession,
} from '../modules/auth/sessions'

export const AUTH_COOKIE = 'Authorization'

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  const match = header?.match(/^Bearer\s+(\S+)$/i)
  return match?.[1]
}

/** Web callers carry the token in the HttpOnly cookie, API callers in `Authorization: Bearer`. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return request.channel === 'web'
    ? (request.cookies[AUTH_COOKIE] ?? bearerToken(request))
    : bearerToken(request)
}

/** Sets the session cookie; it lives lifetime/1440 days (SPEC §9), or as long as a remembered session. */
export function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number) {
  reply.setCookie(AUTH_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.secureCookies,
    maxAge: maxAgeSeconds,
  })
}

export function clearSessionCookies(reply: FastifyReply) {
  for (const name of [AUTH_COOKIE, 'Open-Id']) reply.clearCookie(name, { path: '/' })
}

/**
 * onRequest hook of both mounts: resolves `request.user` from the session token, and for an admin
 * route whether the user's roles hold it (`request.routeHeld`, which authorize reads), in one
 * statement, or as kept from an earlier request of the same token and route (`requestAuth`). A session ended by a login elsewhere, an
 * administrator or its own user's other session answers `force_logout` with the reason, which the SPA shows in its prompt.
 */
export async function resolveSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.user = null
  request.routeHeld = undefined
  const token = sessionTokenOf(request)
  if (!token) return
  // An API client application's token: only on /api, where it acts for its owner within its role.
  if (request.channel === 'api' && token.startsWith(APP_TOKEN_PREFIX)) {
    request.user = await resolveAppCaller(request, token)
    return
  }
  const { db, config, requestAuth } = request.server
  const tokenHash = hashToken(token)
  const { session, user, routeHeld } = await requestAuth.resolve(tokenHash, adminRouteOf(request))
  if (!session) {
    if (request.channel === 'web') clearSessionCookies(reply)
    return
  }
  if (!isLive(session)) {
    if (request.channel === 'web') clearSessionCookies(reply)
    const message = FORCED_LOGOUT_MESSAGES[session.end_reason as EndReason]
    if (message) throw new AppError('unauthenticated', message, { extras: { force_logout: true } })
    return
  }
  if (!user) {
    if (request.channel === 'web') clearSessionCookies(reply)
    return
  }
  request.user = user
  request.routeHeld = routeHeld
  // The kept session would still show the old use: read it again next time.
  if (await touchSession(db, session, config.sessionLifetime)) requestAuth.forget(tokenHash)
}
