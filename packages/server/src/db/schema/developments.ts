import type { LayoutColumn } from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import { jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { serialId, timestamps } from './columns'

/**
 * The layout of a resource's pages saved in the developer console: list columns (order, width,
 * visibility) and form field order. One live row per resource; the default for every user.
 */
export const pageLayouts = pgTable(
  'page_layouts',
  {
    id: serialId(),
    resource: varchar({ length: 64 }).notNull(),
    columns: jsonb().$type<LayoutColumn[]>().notNull().default(sql`'[]'::jsonb`),
    fields: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (t) => [uniqueIndex('page_layouts_resource_unique').on(t.resource).where(sql`deleted_at is null`)],
)

/**
 * The plug-ins installed in this database, with the manifest as it was installed (SQL included), so
 * uninstalling runs the down migrations that match, even when the plug-in's folder has changed or
 * gone. Uninstalling deletes the row.
 */
export const plugins = pgTable(
  'plugins',
  {
    id: serialId(),
    name: varchar({ length: 64 }).notNull(),
    version: varchar({ length: 40 }).notNull(),
    manifest: jsonb().$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('plugins_name_unique').on(t.name)],
)
