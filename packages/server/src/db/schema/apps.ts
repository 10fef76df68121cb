import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { serialId, sortIndexes, timestamps } from './columns'
import { users } from './identity'

/**
 * API client applications: another system calls /api with a bearer token it got from `client_id` and
 * its secret (kept as a keyed hash). status: the owner's switch (1-on, 0-off); review: the
 * administrators' decision (0-pending, 1-approved, 2-disabled); role_id: the role an administrator
 * granted, whose permissions the app has as far as its owner holds them too.
 */
export const apps = pgTable(
  'apps',
  {
    id: serialId(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar({ length: 50 }).notNull().default(''),
    description: varchar({ length: 255 }).notNull().default(''),
    client_id: varchar({ length: 40 }).notNull().unique(),
    secret_hash: varchar({ length: 64 }).notNull(),
    /** Addresses or CIDR ranges, one a line; empty: any address. */
    allowed_ips: text().notNull().default(''),
    status: smallint().notNull().default(1),
    review: smallint().notNull().default(0),
    role_id: integer().notNull().default(0),
    secret_rotated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    index('apps_user_id_idx').on(t.user_id).where(sql`deleted_at is null`),
    index('apps_review_id_idx').on(t.review, t.id),
    index('apps_status_id_idx').on(t.status, t.id),
    index('apps_role_id_idx').on(t.role_id),
    index('apps_created_at_id_idx').on(t.created_at, t.id),
    ...sortIndexes('apps', t.id, [t.updated_at]),
  ],
)

/** The short-lived bearer tokens apps obtained; only their hash is kept. */
export const appTokens = pgTable(
  'app_tokens',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    app_id: integer()
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    token_hash: varchar({ length: 64 }).notNull().unique(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_tokens_app_id_idx').on(t.app_id), index('app_tokens_expires_at_idx').on(t.expires_at)],
)

/**
 * The RSA key pairs of encrypted API payloads (SPEC §7): the newest unretired one is published;
 * a retired one still decrypts for a short while after a rotation.
 */
export const apiKeyPairs = pgTable('api_key_pairs', {
  id: serialId(),
  public_key: text().notNull(),
  private_key: text().notNull(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  retired_at: timestamp({ withTimezone: true }),
})

/** Nonces of encrypted requests seen within their time window: a second use is a replay. */
export const apiNonces = pgTable(
  'api_nonces',
  {
    nonce: varchar({ length: 64 }).primaryKey(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('api_nonces_expires_at_idx').on(t.expires_at)],
)
