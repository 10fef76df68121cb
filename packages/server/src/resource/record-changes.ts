import { asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { findStoredRow } from './find-record'
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

/** The ids each many-to-many field of a record links to, in order (`{bank_ids: [1, 4]}`). */
export async function readLinkIds(db: Db | Tx, binding: ResourceBinding, id: number): Promise<Row> {
  const links: Row = {}
  for (const [field, link] of Object.entries(binding.links ?? {})) {
    const pairs = await db
      .select({ target: link.targetColumn })
      .from(link.table)
      .where(eq(link.ownerColumn, id))
      .orderBy(asc(link.targetColumn))
    links[field] = pairs.map((pair) => pair.target)
  }
  return links
}

/** A stored record with its links: the state an update's changes are read from. */
export async function readStoredState(db: Db | Tx, binding: ResourceBinding, id: number): Promise<Row> {
  const row = await findStoredRow(db, binding, id)
  return { ...row, ...(await readLinkIds(db, binding, id)) }
}
