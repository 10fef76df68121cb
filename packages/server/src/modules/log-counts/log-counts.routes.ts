import { logCountResource } from '@brokerdesk/shared'
import type { FastifyPluginAsync } from 'fastify'
import { contextOf } from '../../resource/context'
import { buildPageData } from '../../resource/page-data'
import type { QueryParams } from '../../resource/parse-list-query'
import { documented, listQuerySchema } from '../../resource/resource-routes'
import { recordScopes } from '../permissions/data-scope'
import { exportLogCounts, listLogCounts } from './list-log-counts'

/**
 * Log statistics: list and export only, grouped from the operation log rather than a table of its own;
 * a scoped administrator counts the logins of the accounts of their data scope.
 */
export const logCountsModule: FastifyPluginAsync = async (app) => {
  const definition = logCountResource
  app.get(definition.url, documented(definition, 'Page data'), (request) =>
    buildPageData({ ctx: contextOf(request), definition, defaults: {} }),
  )
  app.get(
    `${definition.url}/list`,
    documented(definition, 'List', { querystring: listQuerySchema(definition) }),
    async (request) => {
      const scope = await recordScopes.logs(contextOf(request))
      return request.readDb((db) => listLogCounts(db, request.query as QueryParams, request.language, scope))
    },
  )
  app.get(
    `${definition.url}/excel`,
    documented(definition, 'Export page', { querystring: listQuerySchema(definition) }),
    async (request) => {
      const scope = await recordScopes.logs(contextOf(request))
      return request.readDb((db) =>
        exportLogCounts(db, request.query as QueryParams, request.language, scope),
      )
    },
  )
}
