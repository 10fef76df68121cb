import { ZWxConfigQuery } from '@brokerdesk/shared'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { buildWxConfig } from './build-wx-config'

/** GET /open/wx-config?url=: the JS-SDK configuration and share data of a page (SPEC §7). */
export const wechatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/open/wx-config',
    {
      schema: {
        tags: ['open'],
        summary: "The signed wx.config of a page and its share data, for WeChat's browser",
        querystring: ZWxConfigQuery,
      },
    },
    (request) => buildWxConfig(app, request.log, request.query.url, request.language),
  )
}
