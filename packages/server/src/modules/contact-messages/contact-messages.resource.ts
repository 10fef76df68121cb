import {
  contactMessageResource,
  type TContactInput,
  type TContactReplyInput,
  ZContactInput,
  ZContactReplyInput,
} from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import { contactMessages, users } from '../../db/schema/index'
import { parseId, resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding } from '../../resource/types'
import { successAlert } from '../auth/success-alert'
import { replyToContactMessage } from './reply-to-contact-message'
import { submitContactMessage } from './submit-contact-message'

/** The administrators' inbox of visitors' messages: read-only, answered by e-mail. */
export const contactMessagesBinding: ResourceBinding = {
  definition: contactMessageResource,
  table: contactMessages,
  bigramColumns: ['name', 'contact', 'content', 'ip'],
  pageColumns: (page) => ({
    replier_name:
      sql<string>`coalesce((select coalesce(nullif(${users.name}, ''), ${users.uname}) from ${users} where ${users.id} = ${page.replied_by}), '')`.as(
        'replier_name',
      ),
  }),
  seeded: [{ kind: 'users', key: 'replied_by', fields: { replier_name: 'name' } }],
}

/** The contact form of the open site (POST /open/contact) and the inbox it fills. */
export const contactMessagesModule = resourcePlugin(contactMessagesBinding, (app) => {
  const tags = [contactMessageResource.name]
  app.post(
    '/open/contact',
    {
      schema: {
        tags,
        summary: 'Leave a message for the administrators (after the slider captcha)',
        body: ZContactInput,
      },
    },
    async (request, reply) => {
      await submitContactMessage(request, request.body as TContactInput)
      return reply.status(201).send({ alert: successAlert(request, 'contact.sent') })
    },
  )
  app.post(
    '/admin/contact-messages/:id/reply',
    { schema: { tags, summary: 'Answer a visitor by e-mail', body: ZContactReplyInput } },
    async (request) => {
      const id = parseId((request.params as { id: string }).id)
      const row = await replyToContactMessage(request, id, request.body as TContactReplyInput)
      return { row, alert: successAlert(request, 'contact.replied') }
    },
  )
})
