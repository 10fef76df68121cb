import { count, getTableName, type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../db/client'
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
function orderBy(order: SortKey[], qualifier: string): SQL {
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
const compiled = new WeakMap<ResourceBinding, Map<RowPurpose, SQL | null>>()
function pageColumnsSql(binding: ResourceBinding, purpose: RowPurpose): SQL | null {
  const byPurpose = compiled.get(binding) ?? new Map<RowPurpose, SQL | null>()
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
  let list: SQL | null = null
  if (extras.length > 0) {
    const query = dialect.sqlToQuery(
      sql.join(
        extras.map(([name, column]) => sql`${column.getSQL()} as ${sql.identifier(name)}`),
        sql`, `,
      ),
    )
    if (query.params.length > 0)
      throw new Error(`Page columns of ${getTableName(binding.table)} must not take values`)
    list = sql.raw(query.sql)
  }
  byPurpose.set(purpose, list)
  return list
}

/** Turns driver values into column values (timestamps into Date, ...), as drizzle's own selects do. */
function decoderOf(binding: ResourceBinding) {
  const columns = Object.values(columnsOf(binding.table))
  return (row: Row): Row => {
    for (const column of columns) {
      const value = row[column.name]
      if (value !== null && value !== undefined) row[column.name] = column.mapFromDriverValue(value)
    }
    return row
  }
}

/**
 * One page of rows in one statement. The binding's page columns are computed on the page's rows
 * only (the page is selected first, then the extras), so a deep page does not pay for the rows it
 * skips. Written as SQL text rather than through the query builder: the list is the hottest path.
 */
export async function selectRows(
  db: Db | Tx,
  binding: ResourceBinding,
  options: SelectRowsOptions,
): Promise<Row[]> {
  const table = binding.table
  const name = getTableName(table)
  const inner = sql`select * from ${table} where ${options.where ?? sql`true`} order by ${orderBy(options.order, name)}
    limit ${options.limit} offset ${options.offset ?? 0}`
  const extras = pageColumnsSql(binding, options.purpose ?? 'record')
  const statement = extras
    ? sql`select ${sql.identifier(PAGE)}.*, ${extras} from (${inner}) ${sql.identifier(PAGE)} order by ${orderBy(options.order, PAGE)}`
    : inner
  const result = (await db.execute(statement)) as unknown as { rows: Row[] }
  return result.rows.map(decoderOf(binding))
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
