import { integer, smallint, timestamp } from 'drizzle-orm/pg-core'

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
