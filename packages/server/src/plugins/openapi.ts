import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { WEB_PREFIX } from '../global-config'

/**
 * The OpenAPI document of the routes, built from their zod schemas: JSON at /api/docs/json and a
 * browsable page at /api/docs. Routes are mounted twice; the document shows the /api ones.
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
  await app.register(swaggerUi, { routePrefix: '/api/docs' })
})
