import type { Language } from '@brokerdesk/shared'
import { asc, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { localizeRow } from '../i18n/seeded-texts'
import { presentExportRow, presentExportValues, presentRecord } from './present-record'
import type { ResourceBinding, Row } from './types'

/** Adds the ids of each many-to-many field to the rows: one query per field for the whole page. */
async function loadLinks(db: Db | Tx, binding: ResourceBinding, rows: Row[]): Promise<Row[]> {
  const links = Object.entries(binding.links ?? {}).filter(([field]) => !(field in rows[0]))
  if (links.length === 0) return rows
  const ids = rows.map((row) => row.id as number)
  const extras = new Map<number, Row>(ids.map((id) => [id, {}]))
  for (const [field, link] of links) {
    for (const id of ids) (extras.get(id) as Row)[field] = []
    const pairs = await db
      .select({ owner: link.ownerColumn, target: link.targetColumn })
      .from(link.table)
      .where(inArray(link.ownerColumn, ids))
      .orderBy(asc(link.targetColumn))
    for (const pair of pairs)
      ((extras.get(pair.owner as number) as Row)[field] as number[]).push(pair.target as number)
  }
  return rows.map((row) => ({ ...row, ...extras.get(row.id as number) }))
}

/**
 * Completes a page of rows (links, the binding's enrichment, seeded texts in the caller's language)
 * without presenting them.
 */
export async function completeRows(
  db: Db | Tx,
  binding: ResourceBinding,
  rows: Row[],
  language: Language,
): Promise<Row[]> {
  if (rows.length === 0) return rows
  const linked = await loadLinks(db, binding, rows)
  const enriched = binding.enrich ? await binding.enrich(db, linked) : linked
  const seeded = binding.seeded
  return seeded ? enriched.map((row) => localizeRow(language, seeded, row)) : enriched
}

/** A page of rows as records. */
export async function presentRows(
  db: Db | Tx,
  binding: ResourceBinding,
  rows: Row[],
  language: Language,
): Promise<Row[]> {
  const complete = await completeRows(db, binding, rows, language)
  return complete.map((row) => presentRecord(binding.definition, row))
}

/** A page of rows as export rows (seeded texts as the list shows them). */
export async function presentExportRows(
  db: Db | Tx,
  binding: ResourceBinding,
  rows: Row[],
  language: Language,
): Promise<Row[]> {
  const complete = await completeRows(db, binding, rows, language)
  return complete.map((row) => presentExportRow(binding.definition, row))
}

/** A page of rows as export arrays (`layout=arrays`): the values of the export fields, in order. */
export async function presentExportTable(
  db: Db | Tx,
  binding: ResourceBinding,
  rows: Row[],
  language: Language,
): Promise<unknown[][]> {
  const complete = await completeRows(db, binding, rows, language)
  return complete.map((row) => presentExportValues(binding.definition, row))
}
