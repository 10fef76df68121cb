import type { Language } from '@brokerdesk/shared'
import type { AppConfig } from './config'
import type { ChangeBus } from './db/change-bus'
import type { Database, Db } from './db/client'
import type { SharedCounter } from './db/shared-counter'
import type { SessionUser } from './modules/auth/load-session-user'
import type { RequestAuthResolver } from './modules/auth/request-auth-cache'
import type { ClusterMembership } from './modules/cluster/membership'
import type { LiveSettings } from './modules/configs/live-settings'
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
    /** Tells every server process on the database that something changed (db/change-bus). */
    changeBus: ChangeBus
    /** The settings as this process knows them, kept up to date through the change bus. */
    settings: LiveSettings
    /** The callers of session tokens, kept until the tables they come from change. */
    requestAuth: RequestAuthResolver
    /** Fixed-window counts every server process shares (per-user limits): Redis or the database. */
    sharedCounter: SharedCounter
    /** `draining`: the process is shutting down; /readyz answers 503 while requests are still served. */
    lifecycle: { draining: boolean }
    /** This process among those on the database (modules/cluster/membership). */
    cluster: ClusterMembership
  }
  interface FastifyRequest {
    language: Language
    channel: Channel
    /** The caller's Client-Id cookie, or the one just issued to it. */
    clientId: string
    /** The logged-in user of this request, or null (for an app's call: its owner, with `app`). */
    user: SessionUser | null
    /** Whether this request's operation log entry is already written (an app's calls are all logged). */
    operationLogged?: boolean
    /**
     * Whether a write of the resource engine (its transaction's log entry tells) changed sessions,
     * users, admins, roles or menu items; undefined: no such write was logged.
     */
    authChangedByWrite?: boolean
    /** Whether the user's roles hold this admin route, decided with the session (undefined: not yet). */
    routeHeld: boolean | undefined
    /**
     * Runs a read that may lag a little (lists, exports, statistics, the dashboard): on the replica
     * when there is one and it has this caller's last write, else — or when the replica fails it — on
     * the primary. Never for writes, sessions and permissions, or what must see the newest data.
     */
    readDb<T>(work: (db: Db) => Promise<T>): Promise<T>
  }
}
