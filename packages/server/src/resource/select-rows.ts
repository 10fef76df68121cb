import { createHash } from 'node:crypto'
import { count, getTableName, type SQL, sql } from 'drizzle-orm'
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../db/client'
import { isPoolDatabase, rawQuery, rawTxQuery } from '../db/raw-query'
import { columnsOf } from './columns'
import type { SortKey } from './parse-list-query'
import type { ResourceBinding, Row } from './types'

/** Which record a page is read for: its page columns are computed only when the record has them. */
export type RowPurpose = 'record' | 'export'

export interface SelectRowsOptions {
  where: SQL | undefined
  order: SortKey[]
  limit: number
  offset?: number
  purpose?: RowPurpose
}

const PAGE = 'page'
const dialect = new PgDialect()

/** The order by clause, with the id as the last key so pages are stable. */
export function orderBy(order: SortKey[], qualifier: string): SQL {
  const keys = order.some((key) => key.field === 'id')
    ? order
    : [...order, { field: 'id', desc: order[0]?.desc ?? false }]
  return sql.join(
    keys.map(
      (key) =>
        sql`${sql.identifier(qualifier)}.${sql.identifier(key.field)} ${sql.raw(key.desc ? 'desc' : 'asc')}`,
    ),
    sql`, `,
  )
}

/**
 * The select list of the page columns (names of related records, flags), written once per binding
 * and purpose: they hold no values, only names, so their text never changes.
 */
const compiled = new WeakMap<ResourceBinding, Map<RowPurpose, string | null>>()
function pageColumnsText(binding: ResourceBinding, purpose: RowPurpose): string | null {
  const byPurpose = compiled.get(binding) ?? new Map<RowPurpose, string | null>()
  compiled.set(binding, byPurpose)
  const cached = byPurpose.get(purpose)
  if (cached !== undefined) return cached
  const wanted = new Set(
    purpose === 'export'
      ? binding.definition.exportFields
      : binding.definition.fieldList.filter((field) => !field.writeOnly).map((field) => field.name),
  )
  const fields = Object.fromEntries(
    Object.values(columnsOf(binding.table)).map((column) => [
      column.name,
      sql`${sql.identifier(PAGE)}.${sql.identifier(column.name)}`,
    ]),
  )
  const extras = Object.entries(binding.pageColumns?.(fields) ?? {}).filter(([name]) => wanted.has(name))
  let list: string | null = null
  if (extras.length > 0) {
    const query = dialect.sqlToQuery(
      sql.join(
        extras.map(([name, column]) => sql`${column.getSQL()} as ${sql.identifier(name)}`),
        sql`, `,
      ),
    )
    if (query.params.length > 0)
      throw new Error(`Page columns of ${getTableName(binding.table)} must not take values`)
    list = query.sql
  }
  byPurpose.set(purpose, list)
  return list
}

/** pageColumnsAfterUpdate's answer for each binding. */
const afterUpdate = new WeakMap<ResourceBinding, string | undefined>()

/**
 * A record's page columns as a select list over `"page"` ('' when it has none), for the statement
 * that updates the record to answer it too (`updateRowById`); undefined when they read the binding's
 * own table, whose rows that statement sees as they were before it (a read after it would not).
 */
export function pageColumnsAfterUpdate(binding: ResourceBinding): string | undefined {
  // Decided once per binding, as its page columns' text is written once (every PUT asks).
  if (afterUpdate.has(binding)) return afterUpdate.get(binding)
  const list = pageColumnsText(binding, 'record')
  const name = getTableName(binding.table)
  // Named quoted (drizzle's identifiers) or bare (`from roles parent`), after from or join.
  const readsOwnTable = new RegExp(`\\b(from|join)\\s+("${name}"|${name}\\b)`, 'i')
  const answer = list && readsOwnTable.test(list) ? undefined : (list ?? '')
  afterUpdate.set(binding, answer)
  return answer
}

/** Turns driver values into column values (timestamps into Date, ...), as drizzle's own selects do. */
export function decoderOf(binding: ResourceBinding) {
  const columns = Object.values(columnsOf(binding.table))
  return (row: Row): Row => {
    for (const column of columns) {
      const value = row[column.name]
      if (value !== null && value !== undefined) row[column.name] = column.mapFromDriverValue(value)
    }
    return row
  }
}

/** Statement texts sent as named statements; past this many shapes, pages go unnamed. */
const MAX_NAMED = 500
const named = new Map<string, string>()
/**
 * Text searches are planned for their words each time: a plan made once for any words would not know
 * whether they are long enough for the trigram index.
 */
const TEXT_SEARCH = /\bilike\b|text_bigrams|text_chars/i

/** The statement name of a page's SQL text (its shape: the values are parameters), or undefined. */
function statementName(text: string): string | undefined {
  if (TEXT_SEARCH.test(text)) return undefined
  const known = named.get(text)
  if (known || named.size >= MAX_NAMED) return known
  const name = `page_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`
  named.set(text, name)
  return name
}

/**
 * One page of rows in one statement. The binding's page columns are computed on the page's rows
 * only (the page is selected first, then the extras), so a deep page does not pay for the rows it
 * skips. Written as SQL text rather than through the query builder: the list is the hottest path.
 * It goes straight to the driver, on the pool or inside a transaction (a write's answer, an export's
 * page): on PostgreSQL a named statement, parsed once per connection, unless it searches text.
 */
export async function selectRows(
  db: Db | Tx,
  binding: ResourceBinding,
  options: SelectRowsOptions,
): Promise<Row[]> {
  const table = binding.table
  const inner = sql`select * from ${table} where ${options.where ?? sql`true`} order by ${orderBy(options.order, getTableName(table))}
    limit ${options.limit} offset ${options.offset ?? 0}`
  const extras = pageColumnsText(binding, options.purpose ?? 'record')
  const statement = extras
    ? sql`select ${sql.identifier(PAGE)}.*, ${sql.raw(extras)} from (${inner}) ${sql.identifier(PAGE)} order by ${orderBy(options.order, PAGE)}`
    : inner
  const query = dialect.sqlToQuery(statement)
  // Straight to the driver, named unless it searches text (see above).
  const name = statementName(query.sql)
  const rows = isPoolDatabase(db)
    ? await rawQuery(db as Db, name, query.sql, query.params)
    : db instanceof PgTransaction
      ? await rawTxQuery(db as Tx, name, query.sql, query.params)
      : ((await db.execute(statement)) as unknown as { rows: Row[] }).rows
  return rows.map(decoderOf(binding))
}

/** How many rows match. */
export async function countRows(
  db: Db | Tx,
  binding: ResourceBinding,
  where: SQL | undefined,
): Promise<number> {
  const [row] = await db.select({ total: count() }).from(binding.table).where(where)
  return row?.total ?? 0
}

/** Below this many rows (by the planner's estimate) a list counts them exactly, reading at most this many. */
export const EXACT_COUNT_BELOW = 10_000
const ESTIMATE_TTL_MS = 30_000
const MAX_CACHED_ESTIMATES = 500
/** Large estimates by statement (table and conditions): an estimate is approximate anyway. */
const estimates = new Map<string, { value: number; until: number }>()

/** The planner's estimate of how many rows match (EXPLAIN of the count's scan). */
async function plannedRows(db: Db | Tx, binding: ResourceBinding, where: SQL | undefined): Promise<number> {
  const result = (await db.execute(
    sql`explain (format json) select 1 from ${binding.table} where ${where ?? sql`true`}`,
  )) as unknown as { rows: Record<string, unknown>[] }
  const raw = Object.values(result.rows[0] ?? {})[0]
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }>
  return Math.max(0, Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0))
}

/** How many rows match, counting at most `limit` + 1 of them. */
async function countUpTo(db: Db | Tx, binding: ResourceBinding, where: SQL | undefined, limit: number) {
  const result = (await db.execute(
    sql`select count(*)::int as total from (select 1 from ${binding.table} where ${where ?? sql`true`} limit ${limit + 1}) matching`,
  )) as unknown as { rows: Array<{ total: number }> }
  return Number(result.rows[0]?.total ?? 0)
}

/**
 * About how many rows match, at once: the planner's estimate (from the statistics, no rows read),
 * or the exact count when fewer than `countBelow` (EXACT_COUNT_BELOW) rows match (a bounded count). Large
 * estimates are kept for 30 s per statement.
 */
export async function estimateRows(
  db: Db | Tx,
  binding: ResourceBinding,
  where: SQL | undefined,
  countBelow = EXACT_COUNT_BELOW,
): Promise<{ value: number; exact: boolean }> {
  const query = dialect.sqlToQuery(sql`${binding.table} ${where ?? sql`true`}`)
  // With the bound of the count: an estimate kept instead of a count below one bound is no answer below another.
  const key = `${countBelow}\u0000${query.sql}\u0000${JSON.stringify(query.params)}`
  const now = Date.now()
  const cached = estimates.get(key)
  if (cached && cached.until > now) return { value: cached.value, exact: false }
  const planned = await plannedRows(db, binding, where)
  if (planned < countBelow) {
    const counted = await countUpTo(db, binding, where, countBelow)
    if (counted <= countBelow) return { value: counted, exact: true }
  }
  const value = Math.max(planned, countBelow + 1)
  if (estimates.size >= MAX_CACHED_ESTIMATES) estimates.clear()
  estimates.set(key, { value, until: now + ESTIMATE_TTL_MS })
  return { value, exact: false }
}
