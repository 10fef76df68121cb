import {
  ZForgotPasswordMailInput,
  ZForgotPasswordSmsInput,
  ZLoginInput,
  ZRegisterInput,
  ZRegisterSendInput,
  ZResetPasswordInput,
} from '@brokerdesk/shared/auth'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { authenticate } from './authenticate'
import { registerUser } from './register-user'
import { resetPassword } from './reset-password'
import { sendRegisterCode } from './send-register-code'
import { sendResetCode } from './send-reset-code'
import { startSession } from './start-session'
import { successAlert } from './success-alert'

/** Login, registration and the forgotten password (SPEC §7 open routes). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/open/login', { schema: { body: ZLoginInput } }, async (request, reply) => {
    const { user, viaCommonPassword } = await authenticate(request, request.body)
    return startSession(request, reply, {
      userId: user.id,
      remember: request.body.remember,
      via: 'password',
      commonPassword: viaCommonPassword,
    })
  })

  app.post('/open/register/send', { schema: { body: ZRegisterSendInput } }, async (request) => ({
    ...(await sendRegisterCode(request, request.body)),
    alert: successAlert(request, 'code.sent'),
  }))

  app.post('/open/register', { schema: { body: ZRegisterInput } }, async (request, reply) => {
    const userId = await registerUser(request, request.body)
    return {
      ...(await startSession(request, reply, { userId, remember: false, via: 'register' })),
      alert: successAlert(request, 'auth.registered'),
    }
  })

  app.post('/open/forgot-password/send', { schema: { body: ZForgotPasswordMailInput } }, async (request) => ({
    ...(await sendResetCode(request, {
      target: { mail: request.body.email },
      captcha: request.body.captcha,
    })),
    alert: successAlert(request, 'code.sent_if_exists'),
  }))

  app.post(
    '/open/forgot-password/send-sms',
    { schema: { body: ZForgotPasswordSmsInput } },
    async (request) => ({
      ...(await sendResetCode(request, {
        target: { sms: request.body.mobile_phone },
        captcha: request.body.captcha,
      })),
      alert: successAlert(request, 'code.sent_if_exists_sms'),
    }),
  )

  app.post(
    '/open/forgot-password/reset-password',
    { schema: { body: ZResetPasswordInput } },
    async (request) => {
      await resetPassword(request, request.body)
      return { alert: successAlert(request, 'password.reset') }
    },
  )
}
