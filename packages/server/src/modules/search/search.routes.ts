import { ZSearchQuery } from '@brokerdesk/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contextOf } from '../../resource/context'
import { searchRecords } from './search-records'

/**
 * A palette waits for its answer as the user types: a group's text search stops after this long
 * (or the database's own search limit when shorter) and shows as too broad.
 */
const PALETTE_SEARCH_MS = 500

/**
 * GET /admin/search?keyword=: the command palette's records. Every administrator may ask (no menu
 * item of its own); each group answers only a resource whose list the caller holds, scoped as that
 * list is (decisions.md).
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/search',
    {
      schema: {
        tags: ['search'],
        summary: 'The command palette: records by keyword',
        querystring: ZSearchQuery,
      },
      config: { anyAdministrator: true },
    },
    async (request) => {
      const configured = app.config.databaseTimeouts.searchStatementMs
      const searchTimeoutMs = configured > 0 ? Math.min(configured, PALETTE_SEARCH_MS) : PALETTE_SEARCH_MS
      return request.readDb((db) =>
        searchRecords({ db, ctx: contextOf(request), keyword: request.query.keyword, searchTimeoutMs }),
      )
    },
  )
}
