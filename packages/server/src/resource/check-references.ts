import { and, inArray, isNull, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { requireColumn } from './columns'
import type { FieldIssue } from './field-errors'
import type { ResourceBinding, Row } from './types'

/**
 * What is wrong with the references and links of several rows' values, row by row: referenced and
 * linked records must exist and be live. One query for all the fields and all the rows (an
 * import's chunk): each field's wanted ids looked up in its table, the parts joined by union all.
 */
export async function referenceIssues(
  tx: Tx,
  binding: ResourceBinding,
  rows: readonly Row[],
): Promise<FieldIssue[][]> {
  const issues: FieldIssue[][] = rows.map(() => [])
  const referenceIdOf = (field: string) => (values: Row) => (field in values ? Number(values[field] ?? 0) : 0)
  const linkIdsOf = (field: string) => (values: Row) => (values[field] as number[] | undefined) ?? []
  const checks = [
    ...Object.entries(binding.references ?? {}).map(([field, rule]) => {
      const idOf = referenceIdOf(field)
      const wanted = [...new Set(rows.map(idOf).filter((id) => id > 0))]
      const missing = (values: Row, live: Set<number>) => {
        const id = idOf(values)
        return id > 0 && !live.has(id)
      }
      return { field, table: rule.table, wanted, missing }
    }),
    ...Object.entries(binding.links ?? {}).map(([field, link]) => {
      const idsOf = linkIdsOf(field)
      const wanted = [...new Set(rows.flatMap(idsOf))]
      // A repeated id counts as missing, as when the found rows were counted against the ids.
      const missing = (values: Row, live: Set<number>) => {
        const ids = idsOf(values)
        return ids.some((id) => !live.has(id)) || new Set(ids).size !== ids.length
      }
      return { field, table: link.targetTable, wanted, missing }
    }),
  ].filter((check) => check.wanted.length > 0)
  if (checks.length === 0) return issues
  const parts = checks.map((check, index) => {
    const idColumn = requireColumn(check.table, 'id')
    const live = and(inArray(idColumn, check.wanted), isNull(requireColumn(check.table, 'deleted_at')))
    return sql`select ${sql.raw(String(index))} as "check", ${idColumn} as "id" from ${check.table} where ${live}`
  })
  const found = (await tx.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: { check: number; id: number }[]
  }
  const live = checks.map(() => new Set<number>())
  for (const row of found.rows) live[Number(row.check)].add(Number(row.id))
  checks.forEach((check, index) => {
    rows.forEach((values, i) => {
      if (check.missing(values, live[index]))
        issues[i].push({ field: check.field, key: 'validations.messages.exists' })
    })
  })
  return issues
}
