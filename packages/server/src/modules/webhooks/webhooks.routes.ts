import {
  type TWebhookCreate,
  type TWebhookUpdate,
  ZLogPageQuerySchema,
  ZWebhookCreateSchema,
  ZWebhookUpdateSchema,
} from '@brokerdesk/shared'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { contextOf } from '../../resource/context'
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  updateWebhook,
} from './manage-webhooks'

const ZId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
const tags = ['webhooks']

/** Webhooks (issue 25 §5): the addresses told of record changes, their delivery log, a resend. */
export const webhooksModule: FastifyPluginAsync = async (app) => {
  const allowPrivate = app.config.webhookAllowPrivate
  app.get('/admin/webhooks', { schema: { tags, summary: 'Webhooks (secrets masked)' } }, async (request) => ({
    webhooks: await listWebhooks(request.server.db, request.server.appKey),
  }))
  app.post(
    '/admin/webhooks',
    {
      schema: {
        tags,
        summary: 'Create a webhook; the answer shows its secret once',
        body: ZWebhookCreateSchema,
      },
    },
    (request) => createWebhook(contextOf(request), request.body as TWebhookCreate, allowPrivate),
  )
  app.put(
    '/admin/webhooks/:id',
    { schema: { tags, summary: 'Update a webhook', params: ZId, body: ZWebhookUpdateSchema } },
    (request) =>
      updateWebhook(
        contextOf(request),
        (request.params as { id: number }).id,
        request.body as TWebhookUpdate,
        allowPrivate,
      ),
  )
  app.delete(
    '/admin/webhooks/:id',
    { schema: { tags, summary: 'Delete a webhook', params: ZId } },
    (request) => deleteWebhook(contextOf(request), (request.params as { id: number }).id),
  )
  app.get(
    '/admin/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: 'The delivery log of a webhook, newest first',
        params: ZId,
        querystring: ZLogPageQuerySchema,
      },
    },
    (request) =>
      listDeliveries(
        request.server.db,
        (request.params as { id: number }).id,
        request.query as z.infer<typeof ZLogPageQuerySchema>,
      ),
  )
  app.post(
    '/admin/webhooks/deliveries/:id/resend',
    { schema: { tags, summary: 'Send a delivery again (a new delivery)', params: ZId } },
    (request) => resendDelivery(contextOf(request), (request.params as { id: number }).id),
  )
}
