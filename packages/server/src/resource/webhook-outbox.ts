import type { Language, WebhookAction } from '@brokerdesk/shared'
import { inArray } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { rawTxQuery } from '../db/raw-query'
import { queueDeliveries, type WebhookEvent } from '../operation-log/write-operation-log'
import { requireColumn } from './columns'
import { presentRows } from './present-rows'
import { selectRows } from './select-rows'
import type { ResourceBinding, Row } from './types'

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

/** Records read and presented for one statement of their events. */
const EVENT_RECORDS_READ = 1000

/**
 * Queues the `action` event of each record of `ids` (a write of many records: a bulk edit, an
 * import's chunk), each with the record as the API answers it; the records are read and presented
 * only when a webhook chooses the event (thousands of bodies otherwise built for nothing).
 */
export async function enqueueRecordEvents(
  tx: Tx,
  binding: ResourceBinding,
  event: { action: WebhookAction; ids: readonly number[]; language: Language },
): Promise<void> {
  const named = { resource: binding.definition.name, action: event.action }
  if (event.ids.length === 0 || !(await isWebhookEventAwaited(tx, named))) return
  const idColumn = requireColumn(binding.table, 'id')
  for (let start = 0; start < event.ids.length; start += EVENT_RECORDS_READ) {
    const part = event.ids.slice(start, start + EVENT_RECORDS_READ)
    const rows = await selectRows(tx, binding, {
      where: inArray(idColumn, [...part]),
      order: [],
      limit: part.length,
    })
    await enqueueWebhookEvents(tx, {
      ...named,
      records: await presentRows(tx, binding, rows, event.language),
    })
  }
}
