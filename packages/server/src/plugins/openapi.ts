import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { forbidden, unauthenticated } from '../errors'
import { WEB_PREFIX } from '../global-config'
import { resolveSession } from './session'

/**
 * In production the document is for logged-in administrators only: it maps every route an attacker
 * could try. A browser brings the SPA's session cookie, another client its bearer token; both are
 * read, as under /web-api.
 */
async function requireAdministratorInProduction(request: FastifyRequest, reply: FastifyReply) {
  if (request.server.config.env !== 'production') return
  request.channel = 'web'
  await resolveSession(request, reply)
  if (!request.user) throw unauthenticated()
  if (!request.user.admin) throw forbidden()
}

/**
 * The OpenAPI document of the routes, built from their zod schemas: JSON at /api/docs/json and a
 * browsable page at /api/docs. Routes are mounted twice; the document shows the /api ones.
 * Open outside production; in production only for administrators.
 */
export const openApiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Brokerdesk API',
        description: 'Every route is also served under /web-api (cookie session and CSRF token) for the SPA.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: (document) =>
      document.url.startsWith(`${WEB_PREFIX}/`)
        ? { schema: { hide: true }, url: document.url }
        : jsonSchemaTransform(document),
  })
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: { onRequest: requireAdministratorInProduction },
  })
})
