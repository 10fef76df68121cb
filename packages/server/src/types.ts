import type { Language } from '@brokerdesk/shared'
import type { AppConfig } from './config'
import type { Database, Db } from './db/client'
import type { SessionUser } from './modules/auth/load-session-user'
import type { PluginRegistry } from './modules/developments/plugins/plugin-registry'

/** Which mount a request came through: `/web-api` (cookie session, CSRF) or `/api` (bearer token). */
export type Channel = 'web' | 'api'

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
    database: Database
    db: Db
    appKey: string
    /** The plug-ins found at start and the resources of their pages. */
    plugins: PluginRegistry
  }
  interface FastifyRequest {
    language: Language
    channel: Channel
    /** The caller's Client-Id cookie, or the one just issued to it. */
    clientId: string
    /** The logged-in user of this request, or null. */
    user: SessionUser | null
    /** Whether the user's roles hold this admin route, decided with the session (undefined: not yet). */
    routeHeld: boolean | undefined
  }
}
