import type { AppEnv, Language, OptionItem, ResourceDefinition } from '@brokerdesk/shared'
import type { SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { Db, Tx } from '../db/client'
import type { SeededFields } from '../i18n/seeded-texts'

/** A row as the engine handles it: column values plus whatever extras a binding adds. */
export type Row = Record<string, unknown>

/** A table the engine can serve: an integer `id` and a `deleted_at` soft-delete column. */
export type ResourceTable = PgTable

/** Who is asking, from where: what every engine operation needs besides its input. */
export interface ResourceContext {
  db: Db
  language: Language
  env: AppEnv
  appKey: string
  userId: number
  roleIds: number[]
  ip: string
  /** HTTP method and url of the request, for the operation log. */
  method: string
  url: string
  /** The route's url as the menu writes it: `/admin/firms/{id}`. */
  menuUrl: string
  /** The API client application making the call (0 or absent: a person). */
  appId?: number
  /**
   * Told once a write's operation log entry is stored, so the call is not logged twice; `authChanged`:
   * the write's transaction changed a table the processes' kept callers are read from.
   */
  onLogged?: (outcome: { authChanged: boolean }) => void
  /** The live settings (the password policy a new password must meet). */
  settings: FastifyInstance['settings']
}

/** A many-to-many field stored in a link table (firms.bank_ids in bank_firm). */
export interface LinkRule {
  table: PgTable
  /** The link table's column holding this resource's id. */
  ownerColumn: PgColumn
  /** The link table's column holding the other record's id. */
  targetColumn: PgColumn
  /** The other records' table; linked ids must be live records there. */
  targetTable: PgTable
}

/** A field holding the id of a record of another table, which must exist and be live. */
export interface ReferenceRule {
  table: PgTable
}

export interface WriteArgs {
  tx: Tx
  ctx: ResourceContext
  mode: 'create' | 'update'
  /** The stored row, on update. */
  existing?: Row
  /**
   * The values of every row written together with this one (the new rows of an import chunk, this
   * one among them), for checks that read what all of them need at once.
   */
  batch?: readonly Row[]
}

/** An option of a tree select. */
export interface TreeOption extends OptionItem {
  children?: TreeOption[]
}

/**
 * A resource definition bound to its table, with what the resource does beyond the common work.
 * Everything is optional; a plain resource is `{ definition, table }`.
 */
export interface ResourceBinding {
  definition: ResourceDefinition
  table: ResourceTable
  references?: Record<string, ReferenceRule>
  links?: Record<string, LinkRule>
  /** Unique index name → the field it guards, for a 422 instead of a 500. */
  uniqueIndexes?: Record<string, string>
  /**
   * Text columns with GIN indexes on `text_bigrams(column)` and `text_chars(column)` besides their
   * trigram index: a search of one or two characters (no trigram in it) is then found from an index
   * too (see docs/decisions/resource-engine.md).
   */
  bigramColumns?: readonly string[]
  /**
   * Text columns holding network addresses, with a trigram index of `address_words(column)`
   * (`addressSearchIndex`): a fragment of an address (digits or hex digits with dots or colons, three
   * characters or more: `36.12`, `192.168.`, `fe80::1`) is found from it rather than from the
   * column's own trigram index, which splits the fragment at its separators.
   */
  addressColumns?: readonly string[]
  /**
   * A list that grows with time and is read newest first (the operation log, partitioned by month):
   * by the list's first sort key, when descending, the span of its last values whose rows a first
   * page's text search reads first when more rows match than the engine reads by id — a number of
   * ids (`id: 200_000`) or an interval of a time column (`created_at: '7 days'`). See recentPage in
   * narrow-text-search.ts.
   */
  recentFirst?: Readonly<Record<string, number | string>>
  /**
   * The time column a partitioned table is partitioned by (the log's `created_at`, by month). A text
   * search's statements then carry a bound of it — the span of the rows found, or the recent window's
   * oldest time — so that PostgreSQL plans only the partitions they read: planning all 18 of the log's
   * months cost ~10 ms a statement at 10M entries.
   */
  partitionKey?: string
  /**
   * Extra columns computed in the same statement for the rows of a page only (names of related
   * records, flags): `page` holds the page's columns.
   */
  pageColumns?: (page: Record<string, SQL>) => Record<string, SQL.Aliased>
  /** Adds fields to a page of rows with one query per kind of data (counts, ...). */
  enrich?: (db: Db | Tx, rows: Row[]) => Promise<Row[]>
  /**
   * Runs before a write, on the validated values (only the given ones on update): checks across
   * tables, hashing, encryption. Throws `validationFailed` for bad input. Returns the values to store.
   */
  beforeWrite?: (values: Row, args: WriteArgs) => Promise<Row>
  /** Runs after a record and its links are stored, in the same transaction (copying related rows). */
  afterWrite?: (id: number, values: Row, args: WriteArgs) => Promise<void>
  /** Refuses a delete (throws an AppError) or prepares it. */
  beforeDelete?: (rows: Row[], args: { tx: Tx; ctx: ResourceContext }) => Promise<void>
  /**
   * What a delete does to the rows instead of soft-deleting them, for tables whose rows end rather
   * than go (a session is ended).
   */
  removeRows?: (rows: Row[], args: { tx: Tx; ctx: ResourceContext }) => Promise<void>
  /**
   * The rows this caller may see and touch, for resources an administrator reaches only part of
   * (roles below their own, the accounts of those roles' administrators). Every path of the engine
   * applies it: list, export, show, update, delete, delete-matching and import.
   */
  scope?: (ctx: ResourceContext) => Promise<SQL | undefined>
  /**
   * What the operation log keeps of one input row (`stored`: the row it changes, when known), for
   * secrets the field names cannot tell (a setting whose value is a password). Keys that name a
   * secret are removed anyway.
   */
  logParameters?: (input: Row, stored?: Row) => Row
  /**
   * Fields holding texts the seed wrote (in English), answered in the caller's language while they
   * are unchanged; searched by their translation; sent back unchanged, they stay seeded.
   */
  seeded?: readonly SeededFields[]
  /** Options of other resources the page data answers (select and tree-select choices). */
  pageOptions?: (db: Db, ctx: ResourceContext) => Promise<Record<string, OptionItem[] | TreeOption[]>>
}
