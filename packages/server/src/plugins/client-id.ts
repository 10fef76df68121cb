import { LONG_COOKIE_DAYS } from '@brokerdesk/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { randomString } from '../secrets'

export const CLIENT_ID_COOKIE = 'Client-Id'
const CLIENT_ID = /^[A-Za-z0-9]{32}$/

/** Gives the request a client id, issuing and setting the cookie (3650 days) when it has none. */
export function ensureClientId(request: FastifyRequest, reply: FastifyReply): string {
  if (request.clientId) return request.clientId
  request.clientId = randomString(32)
  reply.setCookie(CLIENT_ID_COOKIE, request.clientId, {
    path: '/',
    maxAge: LONG_COOKIE_DAYS * 86_400,
    sameSite: 'lax',
    secure: request.server.config.secureCookies,
    httpOnly: false,
  })
  return request.clientId
}

/** Reads the Client-Id cookie (or header, for API clients) into `request.clientId`. */
export const clientIdPlugin = fp(async (app) => {
  app.addHook('onRequest', async (request) => {
    const header = request.headers['client-id']
    const value = request.cookies[CLIENT_ID_COOKIE] ?? (Array.isArray(header) ? header[0] : header)
    request.clientId = value && CLIENT_ID.test(value) ? value : ''
  })
})
