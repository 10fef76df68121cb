import type { FastifyRequest } from 'fastify'
import { AppError } from '../errors'
import { hashToken } from '../modules/auth/sessions'
import { hmac, safeEqual } from '../secrets'
import { sessionTokenOf } from './session'

/** A token stays valid for two and a half refresh periods of the SPA (2 h each). */
export const CSRF_TOKEN_TTL_MS = 5 * 60 * 60 * 1000
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * What a token is bound to: the session the request carries (its token's hash), or, before a login,
 * the caller's client id. A login therefore needs a new token (its answer carries one), and a token
 * seen by someone sharing the client id cookie is worth nothing once a session exists.
 */
export function csrfBindingOf(request: FastifyRequest, clientId = request.clientId): string {
  const sessionToken = sessionTokenOf(request)
  return sessionToken ? sessionBinding(sessionToken) : clientId ? clientBinding(clientId) : ''
}

/** The binding of a caller without a session (before a login, after a logout). */
export const clientBinding = (clientId: string) => `client:${clientId}`

/** The binding of a session's token (for the token a login answers). */
export const sessionBinding = (sessionToken: string) => `session:${hashToken(sessionToken)}`

/** A stateless anti-forgery token bound to `binding` (see csrfBindingOf): `<issued ms>.<hmac>`. */
export function issueCsrfToken(appKey: string, binding: string, now = Date.now()): string {
  return `${now}.${hmac(appKey, `csrf:${binding}:${now}`)}`
}

export function verifyCsrfToken(appKey: string, binding: string, token: string, now = Date.now()): boolean {
  const [issued, signature] = token.split('.')
  const issuedAt = Number(issued)
  if (!binding || !signature || !Number.isSafeInteger(issuedAt)) return false
  if (issuedAt > now + 60_000 || now - issuedAt > CSRF_TOKEN_TTL_MS) return false
  return safeEqual(signature, hmac(appKey, `csrf:${binding}:${issuedAt}`))
}

function tokenOf(request: FastifyRequest): string {
  const header = request.headers['x-csrf-token']
  if (typeof header === 'string' && header) return header
  const body = request.body as { _token?: unknown } | undefined
  return typeof body?._token === 'string' ? body._token : ''
}

/** preValidation hook of the `/web-api` mount: every write must carry a valid token, or it answers 419. */
export async function requireCsrfToken(request: FastifyRequest): Promise<void> {
  if (SAFE_METHODS.has(request.method)) return
  if (!verifyCsrfToken(request.server.appKey, csrfBindingOf(request), tokenOf(request))) {
    throw new AppError('token_mismatch', 'errors.token_mismatch')
  }
}
