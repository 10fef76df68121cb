import { z } from 'zod'
import { message } from './resources/field-rules'
import { RESOURCES } from './resources/registry'

/** The built-in scheduled jobs (the server's job registry runs them; the SPA names them). */
export const JOB_IDS = [
  'product-sale-calendar',
  'log-partitions',
  'upload-clean-up',
  'webhook-retries',
] as const
export type JobId = (typeof JOB_IDS)[number]

/** The schedule each job starts with (five cron fields, the server's time zone). */
export const JOB_DEFAULT_CRON: Record<JobId, string> = {
  'product-sale-calendar': '*/5 * * * *',
  'log-partitions': '17 */6 * * *',
  'upload-clean-up': '41 * * * *',
  'webhook-retries': '* * * * *',
}

export type JobOutcome = 'running' | 'succeeded' | 'failed'

/** A job as GET /admin/jobs answers it. */
export interface JobView {
  id: JobId
  cron: string
  enabled: boolean
  next_run_at: string | null
  /** A process holds the job (a run is under way). */
  running: boolean
  last_run: JobRunView | null
}

/** One run of a job's run log. */
export interface JobRunView {
  id: number
  job_id: string
  started_at: string
  ended_at: string | null
  outcome: JobOutcome
  rows: number
  message: string
  trigger: 'schedule' | 'manual'
}

/** PUT /admin/jobs/{id}: its schedule (five cron fields) and whether it runs. */
export const ZJobUpdateSchema = z
  .object({
    cron: z
      .string(message('string'))
      .trim()
      .min(9, message('cron'))
      .max(100, message('max', { max: 100 })),
    enabled: z.boolean(message('boolean')),
  })
  .partial()
  .strict()
export type TJobUpdate = z.infer<typeof ZJobUpdateSchema>

/** GET /admin/product-calendar?month=YYYY-MM (default: the current month). */
export const ZProductCalendarQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, message('date'))
    .optional(),
})

/** One coming change of the product sale calendar: a release (to 在售) or a stop (to 停售). */
export interface ProductCalendarEntry {
  date: string
  change: 'release' | 'stop'
  product_id: number
  name: string
  status: number
}

/** The actions of a record change a webhook can be told of. */
export const WEBHOOK_ACTIONS = ['created', 'updated', 'deleted'] as const
export type WebhookAction = (typeof WEBHOOK_ACTIONS)[number]

/** Resources only read (the log and its statistics): nothing to tell of. */
const READ_ONLY_RESOURCES = new Set(['logs', 'log-counts'])

/** Every event a webhook may choose: each written resource × created / updated / deleted. */
export const WEBHOOK_EVENTS: readonly string[] = Object.keys(RESOURCES)
  .filter((name) => !READ_ONLY_RESOURCES.has(name))
  .flatMap((name) => WEBHOOK_ACTIONS.map((action) => `${name}.${action}`))

/** The most webhooks an installation keeps. */
export const WEBHOOKS_MAX = 50

const webhookFields = {
  name: z
    .string(message('string'))
    .trim()
    .max(100, message('max', { max: 100 }))
    .default(''),
  url: z
    .string(message('required'))
    .trim()
    .min(1, message('required'))
    .max(2000, message('max', { max: 2000 }))
    .refine((value) => /^https?:\/\/[^\s/?#]+/i.test(value), message('url')),
  events: z
    .array(
      z.string().refine((event) => WEBHOOK_EVENTS.includes(event), message('in')),
      message('array'),
    )
    .min(1, message('required'))
    .max(WEBHOOK_EVENTS.length, message('array_length', { min: 1, max: WEBHOOK_EVENTS.length }))
    .transform((events) => [...new Set(events)]),
  enabled: z.boolean(message('boolean')).default(true),
}

/** POST /admin/webhooks: a secret of 16–200 characters, or none (the server makes one). */
export const ZWebhookCreateSchema = z
  .object({
    ...webhookFields,
    secret: z
      .string(message('string'))
      .min(16, message('min', { min: 16 }))
      .max(200, message('max', { max: 200 }))
      .optional(),
  })
  .strict()
export type TWebhookCreate = z.infer<typeof ZWebhookCreateSchema>

/** PUT /admin/webhooks/{id}: any of the fields; a new secret replaces the old one. */
export const ZWebhookUpdateSchema = z
  .object({
    name: webhookFields.name.optional(),
    url: webhookFields.url.optional(),
    events: webhookFields.events.optional(),
    enabled: z.boolean(message('boolean')).optional(),
    secret: z
      .string(message('string'))
      .min(16, message('min', { min: 16 }))
      .max(200, message('max', { max: 200 }))
      .optional(),
  })
  .strict()
export type TWebhookUpdate = z.infer<typeof ZWebhookUpdateSchema>

/** A webhook as the API answers it: the secret masked, except in the answer that created it. */
export interface WebhookView {
  id: number
  name: string
  url: string
  events: string[]
  enabled: boolean
  secret_masked: string
  created_at: string
  updated_at: string
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed'

/** One delivery of the delivery log. */
export interface WebhookDeliveryView {
  id: number
  webhook_id: number
  event: string
  status: WebhookDeliveryStatus
  attempts: number
  next_attempt_at: string
  response_status: number | null
  error: string
  duration_ms: number | null
  delivered_at: string | null
  created_at: string
  payload: string
}

/** The paging of a log (runs, deliveries): the entries before an id, newest first. */
export const ZLogPageQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
})
