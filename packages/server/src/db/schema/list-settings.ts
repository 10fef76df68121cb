import type { LayoutColumn, ListDensity, ListView } from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import { integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { serialId } from './columns'
import { users } from './identity'

/**
 * One user's settings of one resource list: its columns (null: the developer console's layout), row
 * density and saved views. At most one row per user and resource; it goes with the user.
 */
export const listSettings = pgTable(
  'list_settings',
  {
    id: serialId(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: varchar({ length: 64 }).notNull(),
    columns: jsonb().$type<LayoutColumn[]>(),
    density: varchar({ length: 8 }).$type<ListDensity>().notNull().default('middle'),
    views: jsonb().$type<ListView[]>().notNull().default(sql`'[]'::jsonb`),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('list_settings_user_resource_unique').on(t.user_id, t.resource)],
)
