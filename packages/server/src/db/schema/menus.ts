import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core'
import { nestedSet, serialId, sortIndexes, timestamps } from './columns'

export interface MenuOptions {
  /** The actions a resource offers, when not all seven. */
  only?: string[]
}

/**
 * The menu tree, which is also the permission table: every page and API route is an item.
 * method: bitmask 1-get, 2-post, 4-put, 8-delete, 16-head, 32-options, 64-trace, 128-connect.
 * use: bitmask 1-api, 2-web; 0 means both. env: empty means every environment.
 * resource_id: -1 the item is a resource, >0 the resource this action belongs to, 0 otherwise.
 */
export const menus = pgTable(
  'menus',
  {
    id: serialId(),
    name: varchar({ length: 255 }).notNull().default(''),
    icons: varchar({ length: 255 }).notNull().default(''),
    description: varchar({ length: 255 }).notNull().default(''),
    url: varchar({ length: 255 }).notNull().default(''),
    method: integer().notNull().default(1),
    is_page: smallint().notNull().default(0),
    disabled: smallint().notNull().default(0),
    status: smallint().notNull().default(2),
    ...nestedSet,
    group: varchar({ length: 20 }).notNull().default(''),
    action: text().notNull().default(''),
    use: integer().notNull().default(0),
    env: text().array().notNull().default(sql`'{}'::text[]`),
    middleware: text().array().notNull().default(sql`'{}'::text[]`),
    as: varchar({ length: 255 }).notNull().default(''),
    item_name: varchar({ length: 255 }).notNull().default(''),
    resource_id: integer().notNull().default(0),
    is_out_link: smallint().notNull().default(0),
    plug_in_key: varchar({ length: 255 }).notNull().default(''),
    options: jsonb().$type<MenuOptions>(),
    ...timestamps,
  },
  (t) => [
    index('menus_left_margin_idx').on(t.left_margin),
    index('menus_parent_id_idx').on(t.parent_id),
    index('menus_url_idx').on(t.url),
    ...sortIndexes('menus', t.id, [t.level, t.created_at, t.updated_at]),
  ],
)
