import type { WebhookAction } from '@brokerdesk/shared'
import type { Tx } from '../db/client'
import { rawTxQuery } from '../db/raw-query'
import type { Row } from './types'

/** The notification channel a committed delivery wakes the processes' senders on. */
export const WEBHOOK_CHANNEL = 'brokerdesk_webhook_deliveries'

/**
 * One pending delivery per record and enabled webhook choosing the event ($1: the event's name, $2:
 * the bodies), and a notification sent only if the transaction commits; it inserts nothing (and
 * notifies no one) when no webhook chooses the event. The CTEs of a statement: the log entry's
 * INSERT carries them (run-write.ts), one round trip for both.
 */
export const queueDeliveries = (event: string, bodies: string) => `queued as (
    insert into "webhook_deliveries" ("webhook_id", "event", "payload")
    select w."id", ${event}::text, p from "webhooks" w, unnest(${bodies}::text[]) as p
    where w."enabled" and w."deleted_at" is null and ${event}::text = any(w."events")
    returning 1),
  notified as (select pg_notify('${WEBHOOK_CHANNEL}', '') from (select 1 from queued limit 1) as any_queued)`

const ENQUEUE = `with ${queueDeliveries('$1', '$2')}
  select count(*) from notified`

/** A write's webhook event: its name and one body per record. */
export interface WebhookEvent {
  name: string
  bodies: string[]
}

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
