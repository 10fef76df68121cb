import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { buildFilters } from './build-filters'
import { requireColumn } from './columns'
import { SECRET_KEY } from './run-write'
import type { ResourceBinding, Row } from './types'

/** An update's changed fields, as the operation log keeps them. */
export type FieldChanges = Record<string, { before: unknown; after: unknown }>

/** How a secret that has a value shows in the log. */
export const MASKED = '******'

/** Columns every write touches, or that only place a node in its tree: not what a reader looks for. */
const BOOKKEEPING = new Set(['id', 'created_at', 'updated_at', 'deleted_at', 'left_margin', 'right_margin'])

const isEmpty = (value: unknown) => value === null || value === undefined || value === ''

/** A value as the log shows it: dates as ISO text, secrets (also inside JSON) masked. */
function presentValue(value: unknown, secret: boolean): unknown {
  if (secret) return isEmpty(value) ? (value ?? null) : MASKED
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map((inner) => presentValue(inner, false))
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, presentValue(inner, SECRET_KEY.test(key))]),
    )
  }
  return value ?? null
}

const sameValue = (a: unknown, b: unknown) =>
  JSON.stringify(presentValue(a, false)) === JSON.stringify(presentValue(b, false))

/** The fields whose value differs between two states of a record, before and after, secrets masked. */
export function diffRecords(before: Row, after: Row): FieldChanges {
  const changes: FieldChanges = {}
  for (const field of Object.keys(after)) {
    if (BOOKKEEPING.has(field) || sameValue(before[field], after[field])) continue
    const secret = SECRET_KEY.test(field)
    changes[field] = {
      before: presentValue(before[field], secret),
      after: presentValue(after[field], secret),
    }
  }
  return changes
}

/** A record's stored row and the ids its many-to-many fields link to, apart. */
export interface StoredState {
  row: Row
  links: Row
}

/**
 * The live stored row of an id with the ids each of its many-to-many fields links to (in order),
 * in one statement; locked for update when asked (inside a write). Undefined when absent or
 * outside `scope` (the rows the caller may touch).
 */
export async function readStoredState(
  db: Db | Tx,
  binding: ResourceBinding,
  id: number,
  options: { lock?: boolean; scope?: SQL } = {},
): Promise<StoredState | undefined> {
  const { table } = binding
  const idColumn = requireColumn(table, 'id')
  const linkFields = Object.entries(binding.links ?? {})
  const linkColumns = Object.fromEntries(
    linkFields.map(([field, link]) => {
      const { table: linkTable, ownerColumn, targetColumn } = link
      const ids = sql`array(select ${targetColumn} from ${linkTable} where ${ownerColumn} = ${idColumn} order by ${targetColumn})`
      return [`__link_${field}`, ids]
    }),
  )
  const where = and(buildFilters(binding, {}, []), eq(idColumn, id), options.scope)
  const query = db
    .select({ ...getTableColumns(table), ...linkColumns } as never)
    .from(table)
    .where(where)
  const [found] = (options.lock ? await query.for('update') : await query) as Row[]
  if (!found) return undefined
  const row: Row = { ...found }
  const links: Row = {}
  for (const [field] of linkFields) {
    links[field] = ((found[`__link_${field}`] as unknown[] | null) ?? []).map(Number)
    delete row[`__link_${field}`]
  }
  return { row, links }
}
