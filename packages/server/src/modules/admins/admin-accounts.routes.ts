import { adminResource, type TAdminAccountsQuery, ZAdminAccountsQuerySchema } from '@brokerdesk/shared'
import type { FastifyInstance } from 'fastify'
import { contextOf } from '../../resource/context'
import { recordScopes } from '../permissions/data-scope'
import { findAdminAccounts } from './find-admin-accounts'

/** The accounts a new admin record can bind, searched by a prefix: the options of its `user_id`. */
export function adminAccountRoutes(app: FastifyInstance): void {
  app.get(
    '/admin/admins/accounts',
    {
      schema: {
        tags: [adminResource.name],
        summary:
          'At most 20 live accounts without an admin record, by id, whose account name, name, e-mail or mobile number starts with keyword; user_id is listed as well',
        querystring: ZAdminAccountsQuerySchema,
      },
    },
    async (request) => {
      const scope = await recordScopes.accounts(contextOf(request))
      return { accounts: await findAdminAccounts(app.db, request.query as TAdminAccountsQuery, scope) }
    },
  )
}
