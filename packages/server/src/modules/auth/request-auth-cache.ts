import type { Database } from '../../db/client'
import { type RequestAuth, type RouteToCheck, resolveRequestAuth } from './resolve-request-auth'
import { isLive } from './sessions'

/** What the migration's triggers notify when sessions, users, admins, roles or menu items change. */
export const AUTH_CHANGED_CHANNEL = 'brokerdesk_auth_changed'
/** Tokens whose callers a process keeps at most; the oldest goes first. */
const MAX_TOKENS = 10_000
/** How long after a failed attempt to listen for changes the next one is made. */
const LISTEN_RETRY_MS = 5000

export interface RequestAuthResolver {
  /** The caller of a token for a route: kept from an earlier request, or read in one statement. */
  resolve(tokenHash: string, route: RouteToCheck | undefined): Promise<RequestAuth>
  /** Drops what is kept for one token (its session was just touched). */
  forget(tokenHash: string): void
  /** This process has just written data (a request that may change data ends): drops everything kept. */
  changed(): void
  stop(): Promise<void>
}

const routeKey = (route: RouteToCheck | undefined) =>
  route ? `${route.method} ${route.url} ${route.env}` : ''

/**
 * Keeps each live caller resolved by `resolveRequestAuth` (per token and route) until one of the
 * tables it was read from changes: the triggers of those tables notify every server process (heard
 * on the one connection that listens), and a request of this process that may have written data
 * drops everything kept before its answer is sent (`changed`, called by the app for every request
 * but GET, HEAD and OPTIONS), so a logout, a stopped account or a removed permission applies at the
 * next request here, and as soon as PostgreSQL delivers the notification in the other processes.
 * A session past its expiry, ended, or unknown is never kept: it is read again. A lost listening
 * connection drops everything.
 */
export function createRequestAuthResolver(database: Database): RequestAuthResolver {
  const kept = new Map<string, Map<string, RequestAuth>>()
  // Bumped by every change: a read that started before it is not kept (it may be older than the change).
  let generation = 0
  // Until the process listens to the changes (the database may be out of reach at start), nothing is
  // kept: every request reads its caller; listening is tried again now and then.
  let stopWatching: (() => Promise<void>) | undefined
  let nextAttempt = 0
  let stopped = false
  const forgetAll = () => {
    generation++
    kept.clear()
  }
  const watch = async () => {
    if (stopWatching || stopped || Date.now() < nextAttempt) return
    nextAttempt = Date.now() + LISTEN_RETRY_MS
    try {
      const stop = await database.listen(AUTH_CHANGED_CHANNEL, forgetAll)
      if (stopped) await stop()
      else stopWatching = stop
    } catch {
      // not yet: read without keeping
    }
  }
  void watch()
  return {
    async resolve(tokenHash, route) {
      const key = routeKey(route)
      const found = kept.get(tokenHash)?.get(key)
      if (found?.session && isLive(found.session)) return found
      if (!stopWatching) void watch()
      const started = generation
      const auth = await resolveRequestAuth(database.db, tokenHash, route)
      const live = auth.user && auth.session && isLive(auth.session)
      if (stopWatching && generation === started && live) {
        let routes = kept.get(tokenHash)
        if (!routes) {
          if (kept.size >= MAX_TOKENS) kept.delete(kept.keys().next().value as string)
          routes = new Map()
          kept.set(tokenHash, routes)
        }
        routes.set(key, auth)
      }
      return auth
    },
    forget(tokenHash) {
      kept.delete(tokenHash)
    },
    changed: forgetAll,
    async stop() {
      stopped = true
      kept.clear()
      await stopWatching?.()
    },
  }
}
