import type { FastifyInstance } from 'fastify'
import { createSession } from '../modules/auth/sessions'
import { csrfSession } from './test-app'

export interface LoggedIn {
  token: string
  sessionId: number
  /** Headers for /web-api: the session and client cookies and a valid CSRF token. */
  web: { cookie: string; 'x-csrf-token': string }
  /** Headers for /api. */
  api: { authorization: string }
}

/** Starts a session for a user directly, as a successful login would. */
export async function loginAs(app: FastifyInstance, userId: number): Promise<LoggedIn> {
  const { token, session } = await createSession(app.db, {
    userId,
    remember: false,
    lifetimeMinutes: app.config.sessionLifetime,
    ip: '127.0.0.1',
    userAgent: 'test',
  })
  const csrf = await csrfSession(app, `Authorization=${token}`)
  return {
    token,
    sessionId: session.id,
    web: { cookie: `${csrf.cookie}; Authorization=${token}`, 'x-csrf-token': csrf.token },
    api: { authorization: `Bearer ${token}` },
  }
}
