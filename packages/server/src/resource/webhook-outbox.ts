import type { WebhookAction } from '@brokerdesk/shared'
import type { Tx } from '../db/client'
import { rawTxQuery } from '../db/raw-query'
import type { Row } from './types'

/** The notification channel a committed delivery wakes the processes' senders on. */
export const WEBHOOK_CHANNEL = 'brokerdesk_webhook_deliveries'

/**
 * One pending delivery per record and enabled webhook choosing the event, and a notification that
 * is sent only if the transaction commits: one statement, the same text for every write, which
 * inserts nothing (and notifies no one) when no webhook chooses the event.
 */
const ENQUEUE = `with queued as (
    insert into "webhook_deliveries" ("webhook_id", "event", "payload")
    select w."id", $1::text, p from "webhooks" w, unnest($2::text[]) as p
    where w."enabled" and w."deleted_at" is null and $1::text = any(w."events")
    returning 1)
  select pg_notify('${WEBHOOK_CHANNEL}', '') from (select 1 from queued limit 1) as any_queued`

/**
 * Queues the webhook deliveries of a write inside its transaction (the outbox): the engine's write
 * path calls this for the records it created, updated or deleted. Each body tells the event, when
 * it happened and the record as the API answers it (a deleted record: its id).
 */
export async function enqueueWebhookEvents(
  tx: Tx,
  event: { resource: string; action: WebhookAction; records: readonly Row[] },
): Promise<void> {
  if (event.records.length === 0) return
  const name = `${event.resource}.${event.action}`
  const occurredAt = new Date().toISOString()
  const bodies = event.records.map((record) =>
    JSON.stringify({
      event: name,
      occurred_at: occurredAt,
      data: event.action === 'deleted' ? { id: record.id } : record,
    }),
  )
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
