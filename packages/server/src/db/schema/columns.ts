import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  type ExtraConfigColumn,
  index,
  integer,
  smallint,
  timestamp,
} from 'drizzle-orm/pg-core'

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

/**
 * The indexes of a list's text searches (`ILIKE '%…%'`: the keyword box, `like` filters) over the live
 * rows: per column a trigram index (pg_trgm), an index of `text_bigrams(column)` for words of two
 * characters, which hold no trigram (a Chinese word is often two), and one of `text_chars(column)`
 * for a single character (寿, 龘, a letter); the binding names these columns in `bigramColumns`.
 * Every column searched together needs all three: one without an index for the word makes the whole
 * search a scan. Their pending lists (rows written since the last merge) stay small: the planner
 * prices every pending page, and a few thousand new rows tipped a keyword matching nothing to a scan
 * of the whole table. resource/sort-indexes.test.ts holds the tables that grow to this.
 */
export function textSearchIndexes(table: string, columns: ExtraConfigColumn[]) {
  const live = sql`deleted_at is null`
  const gin = { gin_pending_list_limit: 64 }
  return columns.flatMap((column) => [
    index(`${table}_${column.name}_trgm_idx`).using('gin', column.op('gin_trgm_ops')).with(gin).where(live),
    index(`${table}_${column.name}_bigram_idx`)
      .using('gin', sql`text_bigrams(${column})`)
      .with(gin)
      .where(live),
    index(`${table}_${column.name}_char_idx`).using('gin', sql`text_chars(${column})`).with(gin).where(live),
  ])
}

/**
 * The index of an address column's fragments (`36.12`, `192.168.`, `fe80::1`): a trigram index of
 * `address_words(column)`, the address with its dots and colons made letters (migration 0027).
 * pg_trgm splits words at those, so a column's own trigram index hands back nearly every address for
 * a dotted fragment (the trigrams of `36` and `12`); here the fragment's trigrams span the separators
 * and are as rare as the fragment. The binding names such columns in `addressColumns`.
 */
export function addressSearchIndex(table: string, column: ExtraConfigColumn) {
  return index(`${table}_${column.name}_address_idx`)
    .using('gin', sql`address_words(${column}) gin_trgm_ops`)
    .with({ gin_pending_list_limit: 64 })
    .where(sql`deleted_at is null`)
}
