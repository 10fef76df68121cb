import { type MarkdownPageKey, ZMarkdownPageQuery } from '@brokerdesk/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { findMarkdownPage } from './find-markdown-page'

/** GET /open/markdown?key=: the user agreement, the privacy policy or the about page (SPEC §2). */
export const markdownPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/open/markdown',
    {
      schema: {
        tags: ['open'],
        summary: 'A markdown document kept in the settings: user_agreement, privacy_policy or about',
        querystring: ZMarkdownPageQuery,
      },
    },
    async (request) => ({
      page: await findMarkdownPage(app.db, request.query.key as MarkdownPageKey, request.language),
    }),
  )
}
