import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'
import { serialId, timestamps } from './columns'

/**
 * Webhooks: an address told of record changes as signed JSON. `events` holds `<resource>.<action>`
 * names (products.created); `secret` signs each body (HMAC-SHA256): stored sealed with the
 * application key (AES-256-GCM), never answered again after creation except masked.
 */
export const webhooks = pgTable('webhooks', {
  id: serialId(),
  name: varchar({ length: 100 }).notNull().default(''),
  url: varchar({ length: 2000 }).notNull(),
  events: text().array().notNull().default(sql`'{}'::text[]`),
  secret: varchar({ length: 500 }).notNull(),
  enabled: boolean().notNull().default(true),
  user_id: integer().notNull().default(0),
  ...timestamps,
})

/**
 * The outbox and delivery log of webhooks: a row is written in the transaction of the change it
 * tells of (pending), delivered after commit, retried with exponential backoff until delivered or
 * out of attempts (failed). `payload` is the exact body signed and sent.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    webhook_id: integer().notNull(),
    event: varchar({ length: 100 }).notNull(),
    payload: text().notNull(),
    /** pending, delivered, failed. */
    status: varchar({ length: 16 }).notNull().default('pending'),
    attempts: smallint().notNull().default(0),
    next_attempt_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** While a process sends it, no other takes it. */
    locked_until: timestamp({ withTimezone: true }),
    response_status: smallint(),
    error: varchar({ length: 500 }).notNull().default(''),
    duration_ms: integer(),
    delivered_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_webhook_id_id_idx').on(t.webhook_id, t.id.desc()),
    index('webhook_deliveries_due_idx').on(t.next_attempt_at).where(sql`status = 'pending'`),
  ],
)
