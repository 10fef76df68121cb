import { ZCaptchaVerifyInput } from '@brokerdesk/shared/auth'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { createCaptcha } from './create-captcha'
import { verifyCaptcha } from './verify-captcha'

/** The slider captcha: a challenge to draw, and the check that turns a right answer into a ticket. */
export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/open/captcha', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return createCaptcha(app.db, { ip: request.ip })
  })

  app.post('/open/captcha/verify', { schema: { body: ZCaptchaVerifyInput } }, async (request) =>
    verifyCaptcha(app.db, request.body),
  )
}
