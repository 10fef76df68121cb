import {
  ZChangePasswordInput,
  ZPersonageInput,
  ZSessionIds,
  ZTotpDisableInput,
  ZTotpEnableInput,
} from '@brokerdesk/shared/auth'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { unauthenticated } from '../../errors'
import { textToStore } from '../../i18n/seeded-texts'
import { presentUser } from '../auth/present-user'
import { successAlert } from '../auth/success-alert'
import { changePassword } from './change-password'
import { endOwnSessions, listOwnSessions } from './own-sessions'
import { disableTotp, enableTotp, startTotpEnrolment } from './second-factor'
import { updatePersonage } from './update-personage'

/**
 * The personal centre, the same for both areas: /home/personage/* for users, /admin/personage/* for
 * administrators (whose roles must hold the menu items, checked by `authorize`): personal data,
 * password, two-factor login (totp) and the user's own sessions.
 */
export const personageRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const area of ['home', 'admin'] as const) {
    app.get(`/${area}/personage/index`, async (request) => {
      if (!request.user) throw unauthenticated()
      return { user: presentUser(request.user.row, request.language) }
    })

    app.post(`/${area}/personage/index`, { schema: { body: ZPersonageInput } }, async (request) => {
      if (!request.user) throw unauthenticated()
      const body = {
        ...request.body,
        name: textToStore(
          request.language,
          'users',
          request.user.id,
          'name',
          request.body.name,
          request.user.row.name,
        ),
      } as typeof request.body
      const row = await updatePersonage(app.db, request.user.id, body)
      return { user: presentUser(row, request.language), alert: successAlert(request, 'personage.saved') }
    })

    app.put(`/${area}/personage/password`, { schema: { body: ZChangePasswordInput } }, async (request) => {
      if (!request.user) throw unauthenticated()
      await changePassword(app.db, request.user, request.body, {
        ip: request.ip,
        settings: app.settings,
        language: request.language,
      })
      return { alert: successAlert(request, 'password.changed') }
    })

    app.post(`/${area}/personage/totp`, async (request) => startTotpEnrolment(request))

    app.put(`/${area}/personage/totp`, { schema: { body: ZTotpEnableInput } }, async (request) => ({
      ...(await enableTotp(request, request.body.code)),
      alert: successAlert(request, 'auth.totp_enabled'),
    }))

    app.delete(`/${area}/personage/totp`, { schema: { body: ZTotpDisableInput } }, async (request) => {
      await disableTotp(request, request.body)
      return { alert: successAlert(request, 'auth.totp_disabled') }
    })

    app.get(`/${area}/personage/sessions`, async (request) => listOwnSessions(request))

    app.delete(`/${area}/personage/sessions`, { schema: { body: ZSessionIds } }, async (request) => ({
      ...(await endOwnSessions(request, request.body.ids)),
      alert: successAlert(request, 'auth.sessions_ended'),
    }))
  }
}
