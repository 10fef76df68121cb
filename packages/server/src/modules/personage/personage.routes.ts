import { ZChangePasswordInput, ZPersonageInput } from '@brokerdesk/shared/auth'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { unauthenticated } from '../../errors'
import { textToStore } from '../../i18n/seeded-texts'
import { presentUser } from '../auth/present-user'
import { successAlert } from '../auth/success-alert'
import { changePassword } from './change-password'
import { updatePersonage } from './update-personage'

/**
 * The personal centre, the same for both areas: /home/personage/* for users, /admin/personage/* for
 * administrators (whose roles must hold the menu items, checked by `authorize`).
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
      await changePassword(app.db, request.user, request.body, request.ip)
      return { alert: successAlert(request, 'password.changed') }
    })
  }
}
