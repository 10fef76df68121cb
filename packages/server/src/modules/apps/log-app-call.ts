import type { FastifyReply, FastifyRequest } from 'fastify'
import { withoutSecrets } from '../../resource/run-write'
import { recordOperationLog } from '../auth/record-operation-log'
import { menuUrlOfRoute } from '../permissions/authorize'

/**
 * onResponse hook of /api: every call an app makes is in the operation log under the app, reads and
 * refusals too (`return` keeps the status); a write the engine already logged (with the app) is not
 * logged twice.
 */
export async function logAppCall(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const app = request.user?.app
  if (!app || request.operationLogged) return
  try {
    await recordOperationLog(request.server.db, {
      route: { url: menuUrlOfRoute(request.routeOptions.url ?? request.url), method: request.method },
      userId: request.user?.id ?? 0,
      appId: app.id,
      ip: request.ip,
      url: request.url.slice(0, 2000),
      parameters: withoutSecrets({ query: request.query ?? null, body: request.body ?? null }) as Record<
        string,
        unknown
      >,
      output: String(reply.statusCode),
    })
  } catch (error) {
    request.log.error({ err: error }, 'could not log an app call')
  }
}
