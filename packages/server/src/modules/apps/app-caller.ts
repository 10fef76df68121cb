import { APP_REVIEW_CODE } from '@brokerdesk/shared'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { apps, appTokens } from '../../db/schema/index'
import { AppError, forbidden } from '../../errors'
import { loadSessionUser, type SessionUser } from '../auth/load-session-user'
import { hashToken } from '../auth/sessions'
import { ipAllowed } from './app-credentials'

export type AppRow = typeof apps.$inferSelect

/** Why an app may not act now (off, not approved, no role), or undefined when it may. */
export function appRefusal(app: AppRow): string | undefined {
  if (app.deleted_at) return 'apps.unknown'
  if (app.status !== 1 || app.review !== APP_REVIEW_CODE.approved || app.role_id <= 0) return 'apps.disabled'
  return undefined
}

/** Refuses an app that may not act, or not from this address. */
export function assertAppMayAct(app: AppRow, ip: string): void {
  const refusal = appRefusal(app)
  if (refusal) throw forbidden(refusal)
  if (!ipAllowed(app.allowed_ips, ip)) throw forbidden('apps.ip_not_allowed')
}

/**
 * The caller behind an app token: the app's owner, carrying the app (whose role limits what the
 * owner's roles allow). An unknown or expired token answers 401; an app that is off, not approved or
 * called from an address outside its allowlist 403, checked on every call.
 */
export async function resolveAppCaller(request: FastifyRequest, token: string): Promise<SessionUser> {
  const { db } = request.server
  const [found] = await db
    .select({ app: apps })
    .from(appTokens)
    .innerJoin(apps, eq(apps.id, appTokens.app_id))
    .where(
      and(
        eq(appTokens.token_hash, hashToken(token)),
        gt(appTokens.expires_at, new Date()),
        isNull(apps.deleted_at),
      ),
    )
  if (!found) throw new AppError('unauthenticated', 'apps.token_invalid')
  assertAppMayAct(found.app, request.ip)
  const owner = await loadSessionUser(db, found.app.user_id, 0)
  if (!owner) throw new AppError('unauthenticated', 'apps.token_invalid')
  return { ...owner, app: { id: found.app.id, name: found.app.name, roleId: found.app.role_id } }
}
