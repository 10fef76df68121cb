import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { serialId, sortIndexes, timestamps } from './columns'

/** System settings. type: 1-string, 2-json, 3-number; itype: 1-input, 2-textarea, 3-markdown. */
export const configs = pgTable(
  'configs',
  {
    id: serialId(),
    name: varchar({ length: 255 }).notNull().default(''),
    description: varchar({ length: 255 }).notNull().default(''),
    key: varchar({ length: 100 }).notNull().default(''),
    value: text().notNull().default(''),
    type: smallint().notNull().default(1),
    itype: smallint().notNull().default(1),
    /** Properties handed to the input component. */
    options: jsonb().$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('configs_key_unique').on(t.key).where(sql`deleted_at is null`),
    ...sortIndexes('configs', t.id, [t.created_at, t.updated_at]),
  ],
)

/** Documented parameters of an API route. type: 1-string, 2-number, 3-boolean; use: 1-url, 2-body, 3-route. */
export const params = pgTable(
  'params',
  {
    id: serialId(),
    menu_id: integer().notNull().default(0),
    name: varchar({ length: 255 }).notNull().default(''),
    type: smallint().notNull().default(1),
    use: smallint().notNull().default(1),
    title: varchar({ length: 255 }).notNull().default(''),
    description: varchar({ length: 255 }).notNull().default(''),
    example: varchar({ length: 255 }).notNull().default(''),
    validate: varchar({ length: 255 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [index('params_menu_id_idx').on(t.menu_id)],
)

/** Documented fields of an API route's answer. */
export const responses = pgTable(
  'responses',
  {
    id: serialId(),
    menu_id: integer().notNull().default(0),
    name: varchar({ length: 255 }).notNull().default(''),
    description: varchar({ length: 255 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [index('responses_menu_id_idx').on(t.menu_id)],
)
