import { ZLoginSeriesQuery } from '@brokerdesk/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contextOf } from '../../resource/context'
import { recordScopes } from '../permissions/data-scope'
import { countLoginSeries } from './count-login-series'

/**
 * The back-office home's data (SPEC §2 /admin/index, the page's own menu item): the series of its
 * login charts for the range asked: the logins of the accounts of the caller's data scope.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/index', { schema: { querystring: ZLoginSeriesQuery } }, async (request) => {
    const scope = await recordScopes.logs(contextOf(request))
    return request.readDb((db) => countLoginSeries(db, request.query.range, scope))
  })
}
