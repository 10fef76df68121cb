import type { FastifyRequest } from 'fastify'
import { AppError } from '../errors'
import { hmac, safeEqual } from '../secrets'

/** A token stays valid for two and a half refresh periods of the SPA (2 h each). */
export const CSRF_TOKEN_TTL_MS = 5 * 60 * 60 * 1000
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** A stateless anti-forgery token bound to the caller's client id: `<issued ms>.<hmac>`. */
export function issueCsrfToken(appKey: string, clientId: string, now = Date.now()): string {
  return `${now}.${hmac(appKey, `csrf:${clientId}:${now}`)}`
}

export function verifyCsrfToken(appKey: string, clientId: string, token: string, now = Date.now()): boolean {
  const [issued, signature] = token.split('.')
  const issuedAt = Number(issued)
  if (!clientId || !signature || !Number.isSafeInteger(issuedAt)) return false
  if (issuedAt > now + 60_000 || now - issuedAt > CSRF_TOKEN_TTL_MS) return false
  return safeEqual(signature, hmac(appKey, `csrf:${clientId}:${issuedAt}`))
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
  if (!verifyCsrfToken(request.server.appKey, request.clientId, tokenOf(request))) {
    throw new AppError('token_mismatch', 'errors.token_mismatch')
  }
}
