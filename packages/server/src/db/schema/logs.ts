import { bigint, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core'
import { textSearchIndexes, timestamps } from './columns'

/** The operation log: one row per logged request. */
export const logs = pgTable(
  'logs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
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
    ...timestamps,
  },
  (t) => [
    index('logs_created_at_id_idx').on(t.created_at, t.id),
    index('logs_user_id_id_idx').on(t.user_id, t.id),
    index('logs_menu_id_id_idx').on(t.menu_id, t.id),
    index('logs_app_id_id_idx').on(t.app_id, t.id),
    // The keyword box (place, URL, IP): 1.6 s for a word matching nothing at 1M entries without them.
    ...textSearchIndexes('logs', [t.location, t.url, t.ip]),
  ],
)
