import { messageResource, type TRecipientsQuery, ZRecipientsQuerySchema } from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import { messages, messageUser, roles, users } from '../../db/schema/index'
import { localizeOptions } from '../../i18n/seeded-texts'
import { contextOf } from '../../resource/context'
import { treeOptions } from '../../resource/option-sources'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding } from '../../resource/types'
import { authoredWithinReach } from '../permissions/account-reach'
import { recordScopes } from '../permissions/data-scope'
import { ownOrBelowRoles } from '../roles/role-options'
import { countRecipients } from './count-recipients'
import { findRecipients } from './find-recipients'
import { inboxRoutes } from './inbox.routes'
import { prepareMessageValues } from './prepare-message-values'

/**
 * The messages administrators write: recipients by audience, sanitized content, read counts. An
 * administrator reaches their own messages and those of the accounts within their reach (as the
 * accounts resource draws it), never those of the super administrator or of their peers.
 */
export const messagesBinding: ResourceBinding = {
  definition: messageResource,
  table: messages,
  references: { role_id: { table: roles } },
  links: {
    user_ids: {
      table: messageUser,
      ownerColumn: messageUser.message_id,
      targetColumn: messageUser.user_id,
      targetTable: users,
    },
  },
  pageColumns: (page) => ({
    role_name:
      sql<string>`coalesce((select ${roles.name} from ${roles} where ${roles.id} = ${page.role_id}), '')`.as(
        'role_name',
      ),
    author_name:
      sql<string>`coalesce((select coalesce(nullif(${users.name}, ''), ${users.uname}) from ${users} where ${users.id} = ${page.user_id}), '')`.as(
        'author_name',
      ),
  }),
  seeded: [
    { kind: 'roles', key: 'role_id', fields: { role_name: 'name' } },
    { kind: 'users', key: 'user_id', fields: { author_name: 'name' } },
  ],
  scope: async (ctx) => authoredWithinReach(messages.user_id, ctx),
  enrich: countRecipients,
  beforeWrite: prepareMessageValues,
  // The chosen users are searched (GET /admin/messages/recipients), never listed whole.
  pageOptions: async (db, ctx) => ({
    role_id: localizeOptions(
      ctx.language,
      'roles',
      await treeOptions(db, roles, ownOrBelowRoles(ctx.roleIds)),
    ),
  }),
}

/** The message centre: the resource, the recipient search, and every user's inbox. */
export const messagesModule = resourcePlugin(messagesBinding, (app) => {
  inboxRoutes(app)
  app.get(
    '/admin/messages/recipients',
    {
      schema: {
        tags: [messageResource.name],
        summary:
          'At most 20 live accounts whose account name, name, e-mail or mobile number starts with keyword, and the accounts of ids',
        querystring: ZRecipientsQuerySchema,
      },
    },
    async (request) => {
      const scope = await recordScopes.accounts(contextOf(request))
      return { accounts: await findRecipients(app.db, request.query as TRecipientsQuery, scope) }
    },
  )
})
