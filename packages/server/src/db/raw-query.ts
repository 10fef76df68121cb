import { createHash } from 'node:crypto'
import { types as pgliteTypes } from '@electric-sql/pglite'
import { getTableColumns, getTableName, type Table } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { Db, Tx } from './db-types'
import { statementNameIn, statementNameOn } from './statement-names'

/** Date and time types arrive as text, as drizzle's own queries receive them (its column mappers parse them). */
const RAW_TYPE_IDS = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231])
const pgTypes = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    RAW_TYPE_IDS.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format)) as never,
}
const pgliteParsers = Object.fromEntries(
  [pgliteTypes.DATE, pgliteTypes.TIMESTAMP, pgliteTypes.TIMESTAMPTZ, pgliteTypes.INTERVAL].map((id) => [
    id,
    (value: string) => value,
  ]),
)

interface Queryable {
  query(...args: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
}

/** Whether `db` is a PostgreSQL pool (not PGlite, not a transaction, which has no pool of its own). */
export function isPoolDatabase(db: unknown): boolean {
  return (db as { $client?: unknown }).$client instanceof pg.Pool
}

/**
 * Runs SQL text straight through the driver, for the hottest statements: on PostgreSQL as a named
 * (prepared once per connection) statement — or unnamed, planned for its values each time, without
 * a name — on PGlite as a parameterised query. Rows come back with the driver's names; dates and
 * times as text (see `decodeColumns`).
 */
export async function rawQuery(
  db: Db,
  name: string | undefined,
  text: string,
  values: unknown[],
): Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { $client: Queryable }).$client
  if (client instanceof pg.Pool) {
    const result = await client.query({ name: statementNameOn(client, name), text, values, types: pgTypes })
    return result.rows
  }
  const result = await client.query(text, values, { parsers: pgliteParsers })
  return result.rows
}

/**
 * `rawQuery` inside a transaction (or savepoint), on its connection: on PostgreSQL a named statement
 * when given a name (parsed and planned once per connection, as drizzle's builder would have it
 * parsed every time), unnamed otherwise; on PGlite a parameterised query. Rows as `rawQuery` answers them.
 */
export async function rawTxQuery(
  tx: Tx,
  name: string | undefined,
  text: string,
  values: unknown[],
): Promise<Record<string, unknown>[]> {
  const client = (tx as unknown as { session: { client: Queryable } }).session.client
  if (client instanceof pg.Client) {
    const result = await client.query({ name: statementNameIn(client, name), text, values, types: pgTypes })
    return result.rows
  }
  const result = await client.query(text, values, { parsers: pgliteParsers })
  return result.rows
}

/** `alias."column" as "<prefix>column", …` for every column of a table. */
export function selectColumns(table: Table, alias: string, prefix: string): string {
  return Object.values(getTableColumns(table) as Record<string, PgColumn>)
    .map((column) => `${alias}."${column.name}" as "${prefix}${column.name}"`)
    .join(', ')
}

/** The row of `table` that `selectColumns` selected, decoded as drizzle's selects decode it. */
export function decodeColumns<T>(table: Table, row: Record<string, unknown>, prefix: string): T {
  const decoded: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
    const value = row[`${prefix}${column.name}`]
    decoded[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return decoded as T
}

/** The update statement of each table, set of columns and page columns: its text and name, made once. */
const updates = new Map<string, { name?: string; text: string; keys: string[] }>()
/** Shapes of updates sent as named statements; past this many, new shapes go unnamed (and are not kept). */
const MAX_NAMED_UPDATES = 500

/**
 * Updates the row of `table` with this id, sent straight through the driver of a transaction (or
 * savepoint) as a named statement whose text depends only on which columns are set: drizzle's
 * builder wrote it afresh for every update and PostgreSQL parsed and planned it each time. Like
 * drizzle's update, a value left undefined is not set, a column's `$onUpdate` value is set when it
 * is not given, values go through the columns' mappers, and the row is answered as `returning()`
 * decodes it (undefined when no row has the id). Values must be plain (no SQL expressions). Past
 * MAX_NAMED_UPDATES shapes, a new one is written each time and sent unnamed.
 * `pageColumns` (a select list over the updated row as `"page"`, or ''): the same statement also
 * answers the row with them (`page`, as the driver gave it), `with "page" as (update …) select …`.
 */
export async function updateRowById(
  tx: Tx,
  table: Table,
  id: number,
  set: Record<string, unknown>,
  pageColumns?: string,
): Promise<{ row: Record<string, unknown>; page: Record<string, unknown> } | undefined> {
  const columns = getTableColumns(table) as Record<string, PgColumn>
  const keys = Object.keys(columns).filter((key) => set[key] !== undefined || columns[key].onUpdateFn)
  const shape = `${getTableName(table)}\u0000${keys.join(',')}\u0000${pageColumns ?? '-'}`
  let update = updates.get(shape)
  if (!update) {
    const assignments = keys.map((key, i) => `"${columns[key].name}" = $${i + 1}`).join(', ')
    const returned = Object.values(columns)
      .map((column) => `"${column.name}"`)
      .join(', ')
    const statement = `update "${getTableName(table)}" set ${assignments} where "${columns.id.name}" = $${keys.length + 1} returning ${returned}`
    const text =
      pageColumns === undefined
        ? statement
        : `with "page" as (${statement}) select "page".*${pageColumns ? `, ${pageColumns}` : ''} from "page"`
    update = { text, keys }
    if (updates.size < MAX_NAMED_UPDATES) {
      update.name = `update_row_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`
      updates.set(shape, update)
    }
  }
  const values = update.keys.map((key) => {
    const value = set[key] !== undefined ? set[key] : columns[key].onUpdateFn?.()
    return value === null ? null : columns[key].mapToDriverValue(value)
  })
  const [row] = await rawTxQuery(tx, update.name, update.text, [...values, id])
  return row && { row: decodeColumns<Record<string, unknown>>(table, row, ''), page: row }
}

/** A character an element of an array's text escapes with a backslash. */
const ARRAY_ESCAPED = /[\\"]/g

/**
 * An array parameter: of plain values (texts, numbers, booleans, nulls), its text, each element
 * quoted as pg writes it but without pg's checks of each element's type and two replaces on each
 * (an import's chunk sends thousands); of anything else, the array, for pg to write.
 */
function arrayParameter(values: readonly unknown[]): string | readonly unknown[] {
  const elements: string[] = []
  for (const value of values) {
    if (value === null || value === undefined) elements.push('NULL')
    else if (typeof value === 'string')
      elements.push(
        `"${value.includes('"') || value.includes('\\') ? value.replace(ARRAY_ESCAPED, '\\$&') : value}"`,
      )
    else if (typeof value === 'number' || typeof value === 'boolean') elements.push(`"${value}"`)
    else return values
  }
  return `{${elements.join(',')}}`
}

/** Links of new rows to store with them: pairs of (the row's place in the rows, the target id). */
export interface LinkInsert {
  table: Table
  ownerColumn: PgColumn
  targetColumn: PgColumn
  pairs: readonly (readonly [row: number, target: number])[]
}

/** The names of insertRows' statements by their text, made once (not hashed again for each chunk). */
const insertNames = new Map<string, string>()

/** The name of an insertRows statement: kept for MAX_NAMED_UPDATES texts, hashed afresh past them. */
function insertNameOf(text: string): string {
  const known = insertNames.get(text)
  if (known) return known
  const name = `insert_rows_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`
  if (insertNames.size < MAX_NAMED_UPDATES) insertNames.set(text, name)
  return name
}

/**
 * Inserts many rows of `table`, and their links, in one statement sent straight through the driver
 * of a transaction (or savepoint): drizzle's builder spends about 10 µs on each value, an import
 * chunk has thousands, and each statement is a round trip. Values go through the columns' own
 * mappers, as drizzle's inserts do; a key a row lacks takes the column's default (its $defaultFn
 * where it has one). The values go as one array per column (`select * from unnest(…)`) when every
 * row has every column, which an import's validated rows do: 200 products took about 17 % less of
 * PostgreSQL's time than as a VALUES list of 3,600 parameters. The links go in the same statement
 * (a data-modifying CTE per link table, the pairs sent as two arrays); their other columns take the
 * database's defaults. Answers the new rows' ids, in the rows' order.
 */
export async function insertRows(
  tx: Tx,
  table: Table,
  rows: readonly Record<string, unknown>[],
  links: readonly LinkInsert[] = [],
): Promise<number[]> {
  if (rows.length === 0) return []
  const columns = getTableColumns(table) as Record<string, PgColumn>
  const computed = Object.keys(columns).filter((key) => columns[key].defaultFn)
  const named = new Set<string>()
  for (const row of rows) for (const key of Object.keys(row)) named.add(key)
  for (const key of computed) named.add(key)
  const keys = [...named].filter((key) => columns[key])
  const given = (row: Record<string, unknown>, key: string) => row[key] !== undefined
  const cell = (row: Record<string, unknown>, key: string) => {
    const value = given(row, key) ? row[key] : columns[key].defaultFn?.()
    return value === null ? null : columns[key].mapToDriverValue(value)
  }
  const values: unknown[] = []
  // Each column's values as one array when every row has them (a column that is itself an array
  // cannot be unnested that way): PostgreSQL parses and plans that faster than a VALUES list of
  // thousands of parameters. A key some rows lack needs VALUES, where DEFAULT can stand in a row.
  const asArrays = keys.every(
    (key) =>
      !columns[key].getSQLType().endsWith(']') &&
      (columns[key].defaultFn || rows.every((row) => given(row, key))),
  )
  const source = asArrays
    ? `select * from unnest(${keys
        .map((key) => {
          values.push(arrayParameter(rows.map((row) => cell(row, key))))
          return `$${values.length}::${columns[key].getSQLType()}[]`
        })
        .join(', ')})`
    : `values ${rows
        .map((row) => {
          const cells = keys.map((key) => {
            if (!given(row, key) && !columns[key].defaultFn) return 'default'
            values.push(cell(row, key))
            return `$${values.length}`
          })
          return `(${cells.join(', ')})`
        })
        .join(', ')}`
  const names = keys.map((key) => `"${columns[key].name}"`).join(', ')
  const insert = `insert into "${getTableName(table)}" (${names}) ${source} returning "id"`
  const linked = links.filter((link) => link.pairs.length > 0)
  // The rows come back from the INSERT in the order they were given: the nth is the rows' nth.
  const text =
    linked.length === 0
      ? insert
      : `with "inserted" as (${insert}), "numbered" as (select "id", row_number() over () as "n" from "inserted"), ${linked
          .map((link, i) => {
            values.push(arrayParameter(link.pairs.map(([row]) => row + 1)))
            values.push(arrayParameter(link.pairs.map(([, target]) => target)))
            const [rowsParam, targetsParam] = [values.length - 1, values.length]
            const type = link.targetColumn.getSQLType()
            return `"links${i}" as (insert into "${getTableName(link.table)}" ("${link.ownerColumn.name}", "${link.targetColumn.name}") select "numbered"."id", "pairs"."target" from unnest($${rowsParam}::int[], $${targetsParam}::${type}[]) as "pairs"("n", "target") join "numbered" on "numbered"."n" = "pairs"."n")`
          })
          .join(', ')} select "id" from "numbered" order by "n"`
  // The arrays' text is the same for every chunk of the same columns: a named statement, parsed and
  // planned once per connection. A VALUES list's text changes with the number of rows: unnamed.
  const name = asArrays ? insertNameOf(text) : undefined
  const inserted = await rawTxQuery(tx, name, text, values)
  return inserted.map((row) => Number(row.id))
}
