import { createHash } from 'node:crypto'
import { getTableName } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { rawTxQuery } from '../db/raw-query'
import { requireColumn } from './columns'
import type { FieldIssue } from './field-errors'
import type { ResourceBinding, ResourceTable, Row } from './types'

/** The statement reading which of the wanted ids are live, for each binding's checks in order: made once. */
const statements = new WeakMap<ResourceBinding, { name: string; text: string }>()

/**
 * One select per check (`$n`: the ids it wants, as an array), joined by union all: a named
 * statement of fixed text for the binding, parsed and planned once per connection. A check wanting
 * no id is sent an empty array.
 */
function statementOf(
  binding: ResourceBinding,
  tables: readonly ResourceTable[],
): { name: string; text: string } {
  let statement = statements.get(binding)
  if (!statement) {
    const parts = tables.map((table, index) => {
      const id = `"${requireColumn(table, 'id').name}"`
      const deletedAt = `"${requireColumn(table, 'deleted_at').name}"`
      return `select ${index} as "check", ${id} as "id" from "${getTableName(table)}" where ${id} = any($${index + 1}::bigint[]) and ${deletedAt} is null`
    })
    const text = parts.join(' union all ')
    statement = {
      name: `reference_issues_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`,
      text,
    }
    statements.set(binding, statement)
  }
  return statement
}

/**
 * What is wrong with the references and links of several rows' values, row by row: referenced and
 * linked records must exist and be live. One query for all the fields and all the rows (an
 * import's chunk): each field's wanted ids looked up in its table, the parts joined by union all
 * (statementOf).
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
  ]
  if (checks.every((check) => check.wanted.length === 0)) return issues
  const { name, text } = statementOf(
    binding,
    checks.map((check) => check.table),
  )
  const found = await rawTxQuery(
    tx,
    name,
    text,
    checks.map((check) => check.wanted),
  )
  const live = checks.map(() => new Set<number>())
  for (const row of found) live[Number(row.check)].add(Number(row.id))
  checks.forEach((check, index) => {
    rows.forEach((values, i) => {
      if (check.missing(values, live[index]))
        issues[i].push({ field: check.field, key: 'validations.messages.exists' })
    })
  })
  return issues
}
