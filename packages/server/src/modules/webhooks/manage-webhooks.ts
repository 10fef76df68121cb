import crypto from 'node:crypto'
import type {
  Language,
  TWebhookCreate,
  TWebhookUpdate,
  WebhookDeliveryView,
  WebhookView,
} from '@brokerdesk/shared'
import { WEBHOOKS_MAX } from '@brokerdesk/shared'
import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { webhookDeliveries, webhooks } from '../../db/schema/index'
import { AppError, notFound } from '../../errors'
import { WEBHOOK_CHANNEL } from '../../operation-log/write-operation-log'
import { translateIssues } from '../../resource/field-errors'
import { runWrite } from '../../resource/run-write'
import type { ResourceContext } from '../../resource/types'
import { openPassword, sealPassword } from '../agent-systems/seal-password'
import { refusedWebhookUrl } from './webhook-address'

type WebhookRow = typeof webhooks.$inferSelect
type DeliveryRow = typeof webhookDeliveries.$inferSelect

/** A secret as it is shown after creation: its last four characters only. */
export function maskSecret(secret: string): string {
  return `••••••••${secret.slice(-4)}`
}

/** The purpose webhook secrets are sealed for (their key, derived from the application key). */
export const WEBHOOK_SECRET_PURPOSE = 'webhooks.secret'

export function sealWebhookSecret(appKey: string, secret: string): string {
  return sealPassword(appKey, secret, WEBHOOK_SECRET_PURPOSE)
}

export function openWebhookSecret(appKey: string, sealed: string): string {
  return openPassword(appKey, sealed, WEBHOOK_SECRET_PURPOSE)
}

/** The API shape of a webhook: the secret masked. */
export function presentWebhook(appKey: string, row: WebhookRow): WebhookView {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    secret_masked: maskSecret(openWebhookSecret(appKey, row.secret)),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

export function presentDelivery(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: Number(row.id),
    webhook_id: row.webhook_id,
    event: row.event,
    status: row.status as WebhookDeliveryView['status'],
    attempts: row.attempts,
    next_attempt_at: row.next_attempt_at.toISOString(),
    response_status: row.response_status,
    error: row.error,
    duration_ms: row.duration_ms,
    delivered_at: row.delivered_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    payload: row.payload,
  }
}

/** 422 on `url` when the address may not be called (not http(s), or loopback / private). */
async function checkUrl(url: string, allowPrivate: boolean, language: Language): Promise<void> {
  const refused = await refusedWebhookUrl(url, allowPrivate)
  if (!refused) return
  const key = refused === 'private' ? 'webhooks.private_address' : 'validations.messages.url'
  throw new AppError('validation', 'errors.validation', {
    errors: translateIssues(language, [{ field: 'url', key }]),
  })
}

async function findWebhook(db: Db | Tx, id: number): Promise<WebhookRow> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), isNull(webhooks.deleted_at)))
  if (!row) throw notFound()
  return row
}

export async function listWebhooks(db: Db, appKey: string): Promise<WebhookView[]> {
  const rows = await db.select().from(webhooks).where(isNull(webhooks.deleted_at)).orderBy(desc(webhooks.id))
  return rows.map((row) => presentWebhook(appKey, row))
}

/** Creates a webhook; the answer carries the secret, the only time it is shown whole. */
export async function createWebhook(
  ctx: ResourceContext,
  input: TWebhookCreate,
  allowPrivate: boolean,
): Promise<WebhookView & { secret: string }> {
  await checkUrl(input.url, allowPrivate, ctx.language)
  const secret = input.secret ?? `whsec_${crypto.randomBytes(24).toString('base64url')}`
  return runWrite(ctx, input, async (tx) => {
    const [{ total }] = await tx.select({ total: count() }).from(webhooks).where(isNull(webhooks.deleted_at))
    if (total >= WEBHOOKS_MAX)
      throw new AppError('validation', 'webhooks.too_many', { params: { max: WEBHOOKS_MAX } })
    const [row] = await tx
      .insert(webhooks)
      .values({ ...input, secret: sealWebhookSecret(ctx.appKey, secret), user_id: ctx.userId })
      .returning()
    return { ...presentWebhook(ctx.appKey, row), secret }
  })
}

export async function updateWebhook(
  ctx: ResourceContext,
  id: number,
  input: TWebhookUpdate,
  allowPrivate: boolean,
): Promise<WebhookView> {
  if (input.url !== undefined) await checkUrl(input.url, allowPrivate, ctx.language)
  return runWrite(ctx, { id, ...input }, async (tx) => {
    await findWebhook(tx, id)
    const [row] = await tx
      .update(webhooks)
      .set({
        ...input,
        ...(input.secret === undefined ? {} : { secret: sealWebhookSecret(ctx.appKey, input.secret) }),
        updated_at: new Date(),
      })
      .where(eq(webhooks.id, id))
      .returning()
    return presentWebhook(ctx.appKey, row)
  })
}

/** Deletes a webhook (soft): its pending deliveries are given up when their turn comes. */
export async function deleteWebhook(ctx: ResourceContext, id: number): Promise<{ deleted: number }> {
  return runWrite(ctx, { id }, async (tx) => {
    await findWebhook(tx, id)
    await tx.update(webhooks).set({ deleted_at: new Date() }).where(eq(webhooks.id, id))
    return { deleted: 1 }
  })
}

/** A webhook's delivery log, newest first, a page before an id. */
export async function listDeliveries(
  db: Db,
  id: number,
  page: { before?: number; size: number },
): Promise<{ deliveries: WebhookDeliveryView[]; has_more: boolean }> {
  await findWebhook(db, id)
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhook_id, id),
        page.before ? lt(webhookDeliveries.id, page.before) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(page.size + 1)
  return { deliveries: rows.slice(0, page.size).map(presentDelivery), has_more: rows.length > page.size }
}

/** Sends a delivery's body again as a new delivery of the same webhook (after commit, like any other). */
export async function resendDelivery(ctx: ResourceContext, deliveryId: number): Promise<WebhookDeliveryView> {
  return runWrite(ctx, { delivery_id: deliveryId }, async (tx) => {
    const [original] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId))
    if (!original) throw notFound()
    await findWebhook(tx, original.webhook_id)
    const [copy] = await tx
      .insert(webhookDeliveries)
      .values({ webhook_id: original.webhook_id, event: original.event, payload: original.payload })
      .returning()
    await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`)
    return presentDelivery(copy)
  })
}
