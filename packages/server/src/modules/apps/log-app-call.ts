import type { FastifyReply, FastifyRequest } from 'fastify'
import { menuUrlOfRoute } from '../../access/route-access'
import { writeOperationLog } from '../../operation-log/write-operation-log'

/**
 * onResponse hook of /api: every call an app makes is in the operation log under the app, reads and
 * refusals too (`return` keeps the status); a write the engine already logged (with the app) is not
 * logged twice.
 */
export async function logAppCall(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const app = request.user?.app
  if (!app || request.operationLogged) return
  try {
    // A read changes nothing: the entry alone, on the pool.
    await writeOperationLog(request.server.db, {
      menu: { url: menuUrlOfRoute(request.routeOptions.url ?? request.url), method: request.method },
      method: request.method,
      userId: request.user?.id ?? 0,
      appId: app.id,
      ip: request.ip,
      url: request.url.slice(0, 2000),
      parameters: { query: request.query ?? null, body: request.body ?? null },
      output: String(reply.statusCode),
    })
  } catch (error) {
    request.log.error({ err: error }, 'could not log an app call')
  }
}
