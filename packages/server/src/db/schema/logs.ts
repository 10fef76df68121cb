import { sql } from 'drizzle-orm'
import {
  bigint,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  varchar,
} from 'drizzle-orm/pg-core'
import { addressSearchIndex, textSearchIndexes, timestamps } from './columns'

/** Bytes (`bytea`), Buffers or Uint8Arrays as the driver gives them. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

/**
 * The operation log: one row per logged request. Partitioned by month of `created_at` (UTC) in
 * migration 0018, which drizzle cannot express: partitions `logs_pYYYY_MM` are made ahead by
 * `ensure_log_partitions()`, `logs_default` catches what falls outside them, and retention drops whole
 * months (`drop_log_months_before()`). The key therefore holds `created_at`; ids stay unique, from
 * one identity sequence.
 */
export const logs = pgTable(
  'logs',
  {
    id: bigint({ mode: 'number' }).generatedByDefaultAsIdentity(),
    menu_id: integer().notNull().default(0),
    user_id: integer().notNull().default(0),
    /** The API client application that made the call (0: a person). */
    app_id: integer().notNull().default(0),
    location: varchar({ length: 150 }).notNull().default(''),
    ip: varchar({ length: 100 }).notNull().default(''),
    parameters: jsonb(),
    /** An update's changed fields: `{field: {before, after}}`, secrets masked. */
    changes: jsonb(),
    return: text(),
    method: text().notNull().default(''),
    url: text().notNull().default(''),
    /** The resource of the one record a write created or updated ('' for anything else), for its history. */
    resource: varchar({ length: 50 }).notNull().default(''),
    /** The id of that record. */
    record_id: integer(),
    /**
     * The entry's place in the log's hash chain (1, 2, 3… without gaps), the hash it follows and its
     * own: sha256(prev_hash || log_entry_content(…)), set at insert by the trigger of migration 0019.
     */
    chain_seq: bigint({ mode: 'number' }),
    prev_hash: bytea(),
    hash: bytea(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.id, t.created_at] }),
    index('logs_created_at_id_idx').on(t.created_at, t.id),
    index('logs_user_id_id_idx').on(t.user_id, t.id),
    index('logs_menu_id_id_idx').on(t.menu_id, t.id),
    index('logs_app_id_id_idx').on(t.app_id, t.id),
    index('logs_resource_record_id_id_idx')
      .on(t.resource, t.record_id, t.id)
      .where(sql`record_id is not null`),
    index('logs_chain_seq_idx').on(t.chain_seq),
    // The keyword box (place, URL, IP): 1.6 s for a word matching nothing at 1M entries without them.
    ...textSearchIndexes('logs', [t.location, t.url, t.ip]),
    // An address fragment (36.12): the ip's own trigram index splits it at the dots.
    addressSearchIndex('logs', t.ip),
  ],
)

/** A bit string (`bit varying`), kept as its text of 0s and 1s. */
const bitString = customType<{ data: string }>({ dataType: () => 'bit varying' })

/**
 * Successful logins per period (`day`, `week`, `month`, `quarter`, `year`; `bucket` its first day,
 * UTC) and how many distinct addresses made them: what log statistics and the admin home read. Kept
 * by the log's triggers as logins are written or deleted (migration 0018), never computed on a view.
 */
export const loginCounts = pgTable(
  'login_counts',
  {
    period: varchar({ length: 7 }).notNull(),
    bucket: date({ mode: 'string' }).notNull(),
    logins: integer().notNull(),
    ips: integer().notNull(),
    /**
     * Which addresses logged in (bit `login_addresses.n` set): the distinct addresses of several
     * periods together are the bits of their union, however many logins they hold.
     */
    addresses: bitString().notNull(),
  },
  (t) => [primaryKey({ columns: [t.period, t.bucket] })],
)

/** Every address that ever logged in, numbered from 0: its bit in `login_counts.addresses`. */
export const loginAddresses = pgTable('login_addresses', {
  ip: varchar({ length: 100 }).primaryKey(),
  n: integer().notNull().unique().generatedAlwaysAsIdentity({ startWith: 0, minValue: 0 }),
})

/**
 * The logins of each address in each period: what makes `login_counts.ips` exact as logins come and
 * go, and the pieces a range that cuts a period is counted from.
 */
export const loginIps = pgTable(
  'login_ips',
  {
    period: varchar({ length: 7 }).notNull(),
    bucket: date({ mode: 'string' }).notNull(),
    ip: varchar({ length: 100 }).notNull(),
    logins: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.period, t.bucket, t.ip] })],
)
