import { APP_TOKEN_LIFETIME_S, type TAppTokenAnswer, type TAppTokenInput } from '@brokerdesk/shared'
import { and, eq, isNull, lt } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { apps, appTokens } from '../../db/schema/index'
import { AppError, forbidden } from '../../errors'
import { writeOperationLog } from '../../operation-log/write-operation-log'
import { loadSessionUser } from '../auth/load-session-user'
import { hashToken } from '../auth/sessions'
import { assertAppMayAct } from './app-caller'
import { appSecretMatches, newAppToken } from './app-credentials'

/**
 * POST /open/apps/token (client credentials): an approved app, called from an allowed address,
 * trades its client id and secret for a bearer token of APP_TOKEN_LIFETIME_S seconds.
 */
export async function issueAppToken(
  request: FastifyRequest,
  input: TAppTokenInput,
): Promise<TAppTokenAnswer> {
  const db = request.server.db
  const [app] = await db
    .select()
    .from(apps)
    .where(and(eq(apps.client_id, input.client_id), isNull(apps.deleted_at)))
  if (!app || !appSecretMatches(request.server.appKey, input.client_secret, app.secret_hash)) {
    throw new AppError('unauthenticated', 'apps.bad_credentials')
  }
  assertAppMayAct(app, request.ip)
  if (!(await loadSessionUser(db, app.user_id, 0))) throw forbidden('apps.owner_stopped')
  const token = newAppToken()
  const now = new Date()
  await db.transaction(async (tx) => {
    await tx.delete(appTokens).where(and(eq(appTokens.app_id, app.id), lt(appTokens.expires_at, now)))
    await tx.insert(appTokens).values({
      app_id: app.id,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + APP_TOKEN_LIFETIME_S * 1000),
    })
    await writeOperationLog(tx, {
      menu: { url: '/open/apps/token', method: 'POST' },
      method: 'POST',
      userId: app.user_id,
      appId: app.id,
      ip: request.ip,
      url: request.url,
      parameters: { client_id: app.client_id },
    })
  })
  request.operationLogged = true
  return { access_token: token, token_type: 'Bearer', expires_in: APP_TOKEN_LIFETIME_S }
}
