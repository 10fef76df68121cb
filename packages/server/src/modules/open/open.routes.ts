import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { buildGlobalConfig } from '../../global-config'
import { ensureClientId } from '../../plugins/client-id'
import { issueCsrfToken } from '../../plugins/csrf'
import { listVisibleMenus } from '../menus/list-visible-menus'

/** The open routes every visitor may call: configuration, client id, anti-forgery token, menu. */
export const openRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/open/config', async (request, reply) =>
    buildGlobalConfig(app.config, ensureClientId(request, reply)),
  )

  app.get('/open/client-id', async (request, reply) => ({ client_id: ensureClientId(request, reply) }))

  app.get('/open/token', async (request, reply) => ({
    _token: issueCsrfToken(app.appKey, ensureClientId(request, reply)),
  }))

  app.get('/open/menu', async () => ({
    menus: await listVisibleMenus(app.db, { env: app.config.env, groups: ['open'] }),
  }))

  app.post('/open/logout', async (_request, reply) => {
    for (const name of ['Authorization', 'Open-Id']) reply.clearCookie(name, { path: '/' })
    return { user: {} }
  })

  app.get(
    '/open/user',
    { schema: { querystring: z.object({ force: z.string().optional() }) } },
    async () => ({
      user: {},
      lifetime: app.config.sessionLifetime,
    }),
  )
}
