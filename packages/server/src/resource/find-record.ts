import type { Language } from '@brokerdesk/shared'
import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { notFound } from '../errors'
import { buildFilters } from './build-filters'
import { columnOf, requireColumn } from './columns'
import { presentRows } from './present-rows'
import { decoderOf, selectRows } from './select-rows'
import type { ResourceBinding, Row } from './types'

/** A live record as the API shows it; 404 when it does not exist or was deleted. */
export async function findRecord(
  db: Db | Tx,
  binding: ResourceBinding,
  id: number,
  language: Language,
): Promise<Row> {
  const where = and(buildFilters(binding, {}, []), eq(requireColumn(binding.table, 'id'), id))
  const rows = await selectRows(db, binding, { where, order: [], limit: 1 })
  if (rows.length === 0) throw notFound()
  const [record] = await presentRows(db, binding, rows, language)
  return record
}

/**
 * A row its update answered with its page columns (`SavedRecord.page`), as `findRecord` answers the
 * record: decoded as a page's rows are, 404 when the update left it deleted.
 */
export async function presentUpdatedRecord(
  db: Db | Tx,
  binding: ResourceBinding,
  page: Row,
  language: Language,
): Promise<Row> {
  const row = decoderOf(binding)({ ...page })
  if (columnOf(binding.table, 'deleted_at') && row.deleted_at != null) throw notFound()
  const [record] = await presentRows(db, binding, [row], language)
  return record
}

/** The values of a new record (the form of `GET /admin/<name>/create`). */
export function newRecord(binding: ResourceBinding): Row {
  const record: Row = {}
  for (const field of binding.definition.fieldList) {
    if (!field.input && field.name !== 'id') continue
    record[field.name] = field.default ?? (field.name === 'id' ? 0 : field.type === 'string' ? '' : null)
  }
  return record
}
