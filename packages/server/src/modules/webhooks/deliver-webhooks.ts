import crypto from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { openWebhookSecret } from './manage-webhooks'
import { guardedLookup, PrivateAddressError } from './webhook-address'

/** Attempts of one delivery before it is given up (failed): the waits between them double. */
export const MAX_ATTEMPTS = 8
/** The wait after the first failed attempt: 30 s, 1 min, 2 min, … about an hour in all. */
export const FIRST_RETRY_MS = 30_000
/** How long a receiver has to answer. */
const TIMEOUT_MS = 10_000
/** How long a process that took a delivery keeps it from the others. */
const LOCK_MS = 60_000
/** Deliveries taken at a time; a run takes batches until none is due (at most MAX_BATCHES). */
const BATCH = 20
const MAX_BATCHES = 50
/** What of a receiver's answer is read (its status is what is kept). */
const MAX_ERROR_CHARS = 500

/** The signature header's value: `sha256=` and the hex HMAC-SHA256 of the raw body with the secret. */
export function signBody(secret: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`
}

/** The wait before attempt `attempts + 1` after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1)
}

interface Due {
  id: number
  webhook_id: number
  event: string
  payload: string
  attempts: number
  url: string | null
  secret: string | null
  enabled: boolean | null
}

interface Answer {
  status?: number
  error: string
  durationMs: number
}

/** Sends one body to a receiver; never throws (a failure is an answer without a 2xx status). */
async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<Answer> {
  const started = Date.now()
  return new Promise<Answer>((resolve) => {
    let target: URL
    try {
      target = new URL(url)
    } catch {
      resolve({ error: 'not a valid address', durationMs: 0 })
      return
    }
    const client = target.protocol === 'https:' ? https : http
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(allowPrivate),
        timeout: TIMEOUT_MS,
      },
      (response) => {
        // The answer's body is not kept: read and dropped so the socket is freed.
        response.resume()
        response.on('end', () =>
          resolve({ status: response.statusCode, error: '', durationMs: Date.now() - started }),
        )
        response.on('error', (error) =>
          resolve({ status: response.statusCode, error: error.message, durationMs: Date.now() - started }),
        )
      },
    )
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)))
    request.on('error', (error) =>
      resolve({
        error:
          error instanceof PrivateAddressError ? 'refused: a loopback or private address' : error.message,
        durationMs: Date.now() - started,
      }),
    )
    request.end(body)
  })
}

/** Sends one delivery and records its answer: delivered, or a retry after the backoff, or failed. */
async function deliver(app: FastifyInstance, due: Due): Promise<void> {
  const attempts = due.attempts + 1
  let answer: Answer
  if (!due.url || !due.secret || !due.enabled) {
    answer = { error: 'the webhook is disabled or deleted', durationMs: 0 }
  } else {
    answer = await post(
      due.url,
      {
        'content-type': 'application/json',
        'user-agent': 'Brokerdesk-Webhooks/1',
        'x-brokerdesk-event': due.event,
        'x-brokerdesk-delivery': String(due.id),
        'x-brokerdesk-signature': signBody(openWebhookSecret(app.appKey, due.secret), due.payload),
      },
      due.payload,
      app.config.webhookAllowPrivate,
    )
  }
  const delivered = answer.status !== undefined && answer.status >= 200 && answer.status < 300
  const error = delivered ? '' : answer.error || `answered ${answer.status}`
  const givenUp = !delivered && (attempts >= MAX_ATTEMPTS || !due.enabled || !due.url)
  const status = delivered ? 'delivered' : givenUp ? 'failed' : 'pending'
  const nextAt = new Date(Date.now() + retryDelayMs(attempts))
  await app.db.execute(sql`
    update webhook_deliveries set status = ${status}, attempts = ${attempts},
      response_status = ${answer.status ?? null}, error = ${error.slice(0, MAX_ERROR_CHARS)},
      duration_ms = ${answer.durationMs}, locked_until = null, updated_at = now(),
      delivered_at = ${delivered ? sql`now()` : null},
      next_attempt_at = ${status === 'pending' ? nextAt : sql`next_attempt_at`}
    where id = ${due.id}`)
}

/**
 * Sends the deliveries that are due (new ones after their write committed, retries once their wait
 * is over); the processes share the work, each taking rows no other holds. Answers how many were
 * attempted.
 */
export async function deliverDueWebhooks(app: FastifyInstance, now = new Date()): Promise<number> {
  let attempted = 0
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const taken = (await app.db.execute(sql`
      with taken as (
        update webhook_deliveries set locked_until = now() + ${LOCK_MS} * interval '1 millisecond'
        where id in (
          select id from webhook_deliveries
          where status = 'pending' and next_attempt_at <= ${now}
            and (locked_until is null or locked_until < now())
          order by id limit ${BATCH} for update skip locked)
        returning id, webhook_id, event, payload, attempts)
      select taken.*, w.url, w.secret, (w.enabled and w.deleted_at is null) as enabled
      from taken left join webhooks w on w.id = taken.webhook_id
      order by taken.id`)) as unknown as { rows: Due[] }
    if (taken.rows.length === 0) break
    await Promise.all(taken.rows.map((due) => deliver(app, { ...due, id: Number(due.id) })))
    attempted += taken.rows.length
  }
  return attempted
}

/**
 * Sends deliveries as soon as their write commits: each process listens for the notification the
 * write's transaction sends and delivers what is due (the others skip what one took). Answers the
 * function that stops it.
 */
export async function startWebhookDelivery(
  app: FastifyInstance,
  channel: string,
): Promise<() => Promise<void>> {
  let running: Promise<unknown> | undefined
  let again = false
  const wake = () => {
    if (running) {
      again = true
      return
    }
    running = deliverDueWebhooks(app)
      .catch((error) => app.log.warn({ err: error }, 'webhook deliveries failed'))
      .finally(() => {
        running = undefined
        if (again) {
          again = false
          wake()
        }
      })
  }
  const stop = await app.database.listen(channel, wake)
  return async () => {
    await stop()
    await running
  }
}
