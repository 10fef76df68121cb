import type { WebhookAction } from '@brokerdesk/shared'
import type { Tx } from '../db/client'
import { rawTxQuery } from '../db/raw-query'
import { queueDeliveries, type WebhookEvent } from '../operation-log/write-operation-log'
import type { Row } from './types'

const ENQUEUE = `with ${queueDeliveries('$1', '$2')}
  select count(*) from notified`

/**
 * The bodies of an event of the engine's write: each tells the event, when it happened and the
 * record as the API answers it (a deleted record: its id).
 */
export function webhookEvent(event: {
  resource: string
  action: WebhookAction
  records: readonly Row[]
}): WebhookEvent {
  const name = `${event.resource}.${event.action}`
  const occurredAt = new Date().toISOString()
  const bodies = event.records.map((record) =>
    JSON.stringify({
      event: name,
      occurred_at: occurredAt,
      data: event.action === 'deleted' ? { id: record.id } : record,
    }),
  )
  return { name, bodies }
}

/**
 * Queues the webhook deliveries of a write inside its transaction (the outbox), in a statement of
 * its own; a write that has its log entry to come gives the event to it instead (`LogDetails.event`).
 */
export async function enqueueWebhookEvents(
  tx: Tx,
  event: { resource: string; action: WebhookAction; records: readonly Row[] },
): Promise<void> {
  if (event.records.length === 0) return
  const { name, bodies } = webhookEvent(event)
  await rawTxQuery(tx, 'enqueue_webhook_events', ENQUEUE, [name, bodies])
}

/** Whether an enabled webhook chooses the event: when none does, a write of many records builds no bodies. */
const AWAITED = `select 1 from "webhooks" where "enabled" and "deleted_at" is null and $1::text = any("events") limit 1`

/** Whether any enabled webhook chooses `<resource>.<action>`, read inside the write's transaction. */
export async function isWebhookEventAwaited(
  tx: Tx,
  event: { resource: string; action: WebhookAction },
): Promise<boolean> {
  const rows = await rawTxQuery(tx, 'webhook_event_awaited', AWAITED, [`${event.resource}.${event.action}`])
  return rows.length > 0
}
