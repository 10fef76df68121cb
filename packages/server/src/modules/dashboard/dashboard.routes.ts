import { ZLoginSeriesQuery } from '@brokerdesk/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { countLoginSeries } from './count-login-series'

/**
 * The back-office home's data (SPEC §2 /admin/index, the page's own menu item): the series of its
 * login charts for the range asked.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/index', { schema: { querystring: ZLoginSeriesQuery } }, (request) =>
    request.readDb((db) => countLoginSeries(db, request.query.range)),
  )
}
