import { and, eq, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { decodeColumns, rawTxQuery } from '../db/raw-query'
import { type FieldChanges, SECRET_KEY } from '../operation-log/write-operation-log'
import { liveRows } from './build-filters'
import { requireColumn } from './columns'
import type { ResourceBinding, Row } from './types'

export type { FieldChanges } from '../operation-log/write-operation-log'

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

/** The ids each many-to-many field links the row to, in order, as array columns `__link_<field>`. */
function linkColumnsOf(binding: ResourceBinding): Record<string, SQL.Aliased<number[]>> {
  const idColumn = requireColumn(binding.table, 'id')
  return Object.fromEntries(
    Object.entries(binding.links ?? {}).map(([field, link]) => {
      const { table: linkTable, ownerColumn, targetColumn } = link
      const ids = sql<
        number[]
      >`array(select ${targetColumn} from ${linkTable} where ${ownerColumn} = ${idColumn} order by ${targetColumn})`
      return [`__link_${field}`, ids.as(`__link_${field}`)]
    }),
  )
}

/** The locked read of a live row and its links by id ($1): its text and statement name, made once per binding. */
const lockedReads = new WeakMap<ResourceBinding, { name: string; text: string }>()
let lockedReadCount = 0
function lockedReadOf(db: Db | Tx, binding: ResourceBinding): { name: string; text: string } {
  let read = lockedReads.get(binding)
  if (!read) {
    const { table } = binding
    const text = db
      .select({ ...getTableColumns(table), ...linkColumnsOf(binding) } as never)
      .from(table)
      .where(and(liveRows(binding), eq(requireColumn(table, 'id'), sql.placeholder('id'))))
      .for('update')
      .toSQL().sql
    read = { name: `locked_read_${getTableName(table)}_${lockedReadCount++}`, text }
    lockedReads.set(binding, read)
  }
  return read
}

/**
 * The live stored row of an id with the ids each of its many-to-many fields links to (in order),
 * in one statement; locked for update when asked (inside a write: a named statement, the same text
 * for every update of the resource). Undefined when absent or outside `scope` (the rows the caller
 * may touch).
 */
export async function readStoredState(
  db: Db | Tx,
  binding: ResourceBinding,
  id: number,
  options: { lock?: boolean; scope?: SQL } = {},
): Promise<StoredState | undefined> {
  const { table } = binding
  let found: Row | undefined
  if (options.lock && !options.scope) {
    const read = lockedReadOf(db, binding)
    const [raw] = await rawTxQuery(db as Tx, read.name, read.text, [id])
    found = raw && { ...raw, ...decodeColumns<Row>(table, raw, '') }
  } else {
    const where = and(liveRows(binding), eq(requireColumn(table, 'id'), id), options.scope)
    const query = db
      .select({ ...getTableColumns(table), ...linkColumnsOf(binding) } as never)
      .from(table)
      .where(where)
    ;[found] = (options.lock ? await query.for('update') : await query) as Row[]
  }
  return found && storedStateOf(binding, found)
}

/** A row read with its link columns, as the row and its links apart. */
function storedStateOf(binding: ResourceBinding, found: Row): StoredState {
  const row: Row = {}
  for (const key of Object.keys(getTableColumns(binding.table))) row[key] = found[key]
  const links: Row = {}
  for (const field of Object.keys(binding.links ?? {}))
    links[field] = ((found[`__link_${field}`] as unknown[] | null) ?? []).map(Number)
  return { row, links }
}

/**
 * The live stored rows matching `where` with their links, in id order, at most `limit`, locked for
 * update: the rows a bulk edit changes, read in one statement.
 */
export async function readStoredStates(
  tx: Tx,
  binding: ResourceBinding,
  where: SQL | undefined,
  limit: number,
): Promise<StoredState[]> {
  const { table } = binding
  const idColumn = requireColumn(table, 'id')
  const found = (await tx
    .select({ ...getTableColumns(table), ...linkColumnsOf(binding) } as never)
    .from(table)
    .where(and(liveRows(binding), where))
    .orderBy(idColumn)
    .limit(limit)
    .for('update')) as Row[]
  return found.map((row) => storedStateOf(binding, row))
}
