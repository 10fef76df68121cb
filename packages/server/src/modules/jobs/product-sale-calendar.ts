import { DEFAULT_LANGUAGE, type Language } from '@brokerdesk/shared'
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { messages, productStopNotices, products } from '../../db/schema/index'
import { AppError } from '../../errors'
import { translate } from '../../i18n/translate'
import type { ResourceContext } from '../../resource/types'
import { updateRecord } from '../../resource/write-records'
import { productsBinding } from '../products/products.resource'
import type { JobContext, JobResult } from './job-types'

/** products.status: 1 on sale (在售), 0 halt sales (停售). */
const ON_SALE = 1
const HALTED = 0
/** What the first run looks back over. */
const FIRST_RUN_LOOKBACK_MS = 24 * 3_600_000
const DAY_MS = 24 * 3_600_000

/** A date as YYYY-MM-DD in the server's time zone (the zone of `stop_at` dates and cron schedules). */
export function localDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
}

/** The engine's context of a change the system makes: user 0, logged under the product's update route. */
export function systemContext(app: FastifyInstance, productId: number): ResourceContext {
  return {
    db: app.db,
    language: DEFAULT_LANGUAGE as Language,
    env: app.config.env,
    appKey: app.appKey,
    userId: 0,
    roleIds: [],
    ip: '127.0.0.1',
    method: 'PUT',
    url: `/admin/products/${productId}`,
    menuUrl: '/admin/products/{id}',
    settings: app.settings,
  }
}

/**
 * The product sale calendar: products whose release time came since the last run move from 停售 to
 * 在售 (unless their closing date has passed), those whose closing date came move from 在售 to 停售 —
 * each an ordinary audited update by the system (operation log, webhooks). Only what came since the
 * last run is applied, so a status an administrator set by hand afterwards stays. Then the holders
 * of the role chosen in the settings are told, N days ahead, of each product that will stop.
 */
export async function runProductSaleCalendar({ app, now, cursor }: JobContext): Promise<JobResult> {
  const since = cursor ?? new Date(now.getTime() - FIRST_RUN_LOOKBACK_MS)
  const today = localDate(now)
  const sinceDay = localDate(since)
  const live = isNull(products.deleted_at)
  const releasing = await app.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        live,
        eq(products.status, HALTED),
        gt(products.issue_at, since),
        lte(products.issue_at, now),
        or(isNull(products.stop_at), gt(products.stop_at, today)),
      ),
    )
  const stopping = await app.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(live, eq(products.status, ON_SALE), gt(products.stop_at, sinceDay), lte(products.stop_at, today)),
    )
  const changes = [
    ...releasing.map((row) => ({ id: row.id, status: ON_SALE })),
    ...stopping.map((row) => ({ id: row.id, status: HALTED })),
  ]
  let rows = 0
  const failed: string[] = []
  for (const change of changes) {
    try {
      await updateRecord({
        ctx: systemContext(app, change.id),
        binding: productsBinding,
        id: change.id,
        input: { status: change.status },
      })
      rows++
    } catch (error) {
      app.log.warn({ err: error, product: change.id }, 'sale calendar: product status not changed')
      failed.push(`${change.id} (${describeFailure(error)})`)
    }
  }
  rows += await sendStopNotices(app, now)
  // A product that could not be changed keeps the cursor where it was: the next run tries again.
  if (failed.length > 0) throw new Error(`products not changed: ${failed.join(', ')}`)
  return { rows, cursor: now }
}

/**
 * One message-centre notice per product and closing date to the holders of the role of the
 * `product_stop_notice_role_id` setting, `product_stop_notice_days` days before the product stops.
 */
async function sendStopNotices(app: FastifyInstance, now: Date): Promise<number> {
  const roleId = Math.trunc(Number(await app.settings.value('product_stop_notice_role_id')))
  const days = Math.trunc(Number(await app.settings.value('product_stop_notice_days')))
  if (!(roleId > 0) || !(days > 0)) return 0
  const today = localDate(now)
  const until = localDate(new Date(now.getTime() + days * DAY_MS))
  const due = await app.db
    .select({ id: products.id, name: products.name, stop_at: products.stop_at })
    .from(products)
    .where(
      and(
        isNull(products.deleted_at),
        eq(products.status, ON_SALE),
        gt(products.stop_at, today),
        lte(products.stop_at, until),
        sql`not exists (select 1 from ${productStopNotices} n where n.product_id = ${products.id} and n.stop_at = ${products.stop_at}::text)`,
      ),
    )
  let sent = 0
  for (const product of due) {
    const stopAt = String(product.stop_at)
    await app.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(productStopNotices)
        .values({ product_id: product.id, stop_at: stopAt })
        .onConflictDoNothing()
        .returning()
      if (!claimed) return
      const params = { name: product.name, date: stopAt }
      const [message] = await tx
        .insert(messages)
        .values({
          title: translate(DEFAULT_LANGUAGE, 'jobs.stop_notice.title', params).slice(0, 255),
          content: `<p>${escapeHtml(translate(DEFAULT_LANGUAGE, 'jobs.stop_notice.content', params))}</p>`,
          audience: 2,
          role_id: roleId,
          user_id: 0,
        })
        .returning({ id: messages.id })
      await tx
        .update(productStopNotices)
        .set({ message_id: message.id })
        .where(and(eq(productStopNotices.product_id, product.id), eq(productStopNotices.stop_at, stopAt)))
      sent++
    })
  }
  return sent
}

/** Why a change was refused, as the run log keeps it: the fields' messages of a 422, else the error's message. */
function describeFailure(error: unknown): string {
  if (error instanceof AppError && error.errors) return Object.values(error.errors).flat().join('; ')
  return error instanceof Error ? error.message : String(error)
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
