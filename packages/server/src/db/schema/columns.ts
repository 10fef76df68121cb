import { sql } from 'drizzle-orm'
import { type AnyPgColumn, index, integer, smallint, timestamp } from 'drizzle-orm/pg-core'

/** created_at / updated_at / deleted_at, carried by every table; deleted_at marks a soft delete. */
export const timestamps = {
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  deleted_at: timestamp({ withTimezone: true }),
}

/** The columns of a tree kept as a nested set. */
export const nestedSet = {
  parent_id: integer().notNull().default(0),
  level: smallint().notNull().default(0),
  left_margin: integer().notNull().default(0),
  right_margin: integer().notNull().default(0),
}

export const serialId = () => integer().primaryKey().generatedByDefaultAsIdentity()

/**
 * An index per column a list sorts by: (column, id) over the live rows, the order a list reads (the id
 * breaks ties), so a sorted page — the first, a deep one by position, the last — follows an index
 * at any size. resource/sort-indexes.test.ts holds every resource's sorts to this.
 */
export function sortIndexes(table: string, id: AnyPgColumn, columns: AnyPgColumn[]) {
  return columns.map((column) =>
    index(`${table}_${column.name}_id_idx`).on(column, id).where(sql`deleted_at is null`),
  )
}
