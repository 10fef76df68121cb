import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { buildGlobalConfig } from '../../global-config'
import { ensureClientId } from '../../plugins/client-id'
import { clientBinding, csrfBindingOf, issueCsrfToken } from '../../plugins/csrf'
import { clearSessionCookies } from '../../plugins/session'
import { publishedPublicKey } from '../api-encryption/api-encryption'
import { presentSessionUser } from '../auth/present-user'
import { securityStepOf } from '../auth/security-step'
import { endSession } from '../auth/sessions'
import { listVisibleMenus } from '../menus/list-visible-menus'

/** The open routes every visitor may call: configuration, client id, anti-forgery token, menu. */
export const openRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/open/config', async (request, reply) =>
    buildGlobalConfig(app.config, ensureClientId(request, reply), {
      maintenance: (await app.settings.maintenance()).on,
      apiPublicKey: await publishedPublicKey(app),
    }),
  )

  app.get('/open/client-id', async (request, reply) => ({ client_id: ensureClientId(request, reply) }))

  app.get('/open/token', async (request, reply) => ({
    _token: issueCsrfToken(app.appKey, csrfBindingOf(request, ensureClientId(request, reply))),
  }))

  app.get('/open/menu', async (request) => ({
    menus: await listVisibleMenus(app.db, {
      env: app.config.env,
      groups: request.user ? (request.user.admin ? ['open', 'home', 'admin'] : ['open', 'home']) : ['open'],
      roleIds: request.user?.admin?.roles.map((role) => role.id),
      language: request.language,
    }),
  }))

  app.post('/open/logout', async (request, reply) => {
    if (request.user) await endSession(app.db, request.user.sessionId, 'logout')
    clearSessionCookies(reply)
    // The token of the ended session is worth nothing now: one bound to the client id again.
    return { user: {}, _token: issueCsrfToken(app.appKey, clientBinding(request.clientId)) }
  })

  app.get(
    '/open/user',
    { schema: { querystring: z.object({ force: z.string().optional() }) } },
    async (request) => ({
      user: request.user
        ? presentSessionUser(request.user, request.language, await securityStepOf(app.settings, request.user))
        : {},
      lifetime: app.config.sessionLifetime,
    }),
  )
}
