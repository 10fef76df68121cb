import {
  type TInboxQuery,
  type TMarkReadInput,
  ZInboxQuerySchema,
  ZMarkReadInputSchema,
} from '@brokerdesk/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { unauthenticated } from '../../errors'
import { parseId } from '../../resource/resource-routes'
import { findInboxMessage, listInbox, markRead, type Reader } from './inbox'

function readerOf(request: FastifyRequest): Reader {
  const user = request.user
  if (!user) throw unauthenticated()
  return {
    userId: user.id,
    roleIds: user.admin?.roles.map((role) => role.id) ?? [],
    language: request.language,
  }
}

/**
 * Every logged-in user's inbox (home routes: a login is all they need; an administrator's header
 * and inbox pages use them too): the list with the unread count, one message, marking read.
 */
export function inboxRoutes(app: FastifyInstance): void {
  const tags = ['inbox']
  app.get(
    '/home/messages',
    {
      schema: {
        tags,
        summary: 'My messages, newest first, and how many are unread',
        querystring: ZInboxQuerySchema,
      },
    },
    (request) => listInbox(app.db, readerOf(request), request.query as TInboxQuery),
  )
  app.get('/home/messages/:id', { schema: { tags, summary: 'One of my messages' } }, async (request) => ({
    row: await findInboxMessage(app.db, readerOf(request), parseId((request.params as { id: string }).id)),
  }))
  app.post(
    '/home/messages/read',
    { schema: { tags, summary: 'Mark my messages read: ids, or all', body: ZMarkReadInputSchema } },
    (request) => markRead(app.db, readerOf(request), request.body as TMarkReadInput),
  )
}
