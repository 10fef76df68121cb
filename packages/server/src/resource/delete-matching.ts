import type { Language } from '@brokerdesk/shared'
import { and } from 'drizzle-orm'
import { buildFilterConditions, liveRows } from './build-filters'
import type { FieldIssue } from './field-errors'
import { assertNoIssues, type QueryParams } from './parse-list-query'
import { runWrite } from './run-write'
import { countRows } from './select-rows'
import type { ResourceBinding, ResourceContext, Row } from './types'
import { softDeleteRows } from './write-records'

/**
 * Soft-deletes every live record the list filters of the query match, and answers how many.
 * With `dryRun` it only counts, so the client can ask "delete N records?" first. A query without
 * a filter holding a value (`?id=,` holds none) is refused rather than deleting everything.
 */
export async function deleteMatching(options: {
  ctx: ResourceContext
  binding: ResourceBinding
  query: QueryParams
  dryRun: boolean
  language: Language
}): Promise<{ count: number; dry_run: boolean }> {
  const { ctx, binding, query, dryRun } = options
  const issues: FieldIssue[] = []
  const conditions = buildFilterConditions(binding, query, issues, options.language)
  if (conditions.length === 0 && issues.length === 0)
    issues.push({ field: 'filters', key: 'resource.condition_required' })
  assertNoIssues(options.language, issues, binding.definition)
  const where = and(liveRows(binding), ...conditions, await binding.scope?.(ctx))
  if (dryRun) return { count: await countRows(ctx.db, binding, where), dry_run: true }
  return runWrite(ctx, query, async (tx) => {
    const rows = (await tx.select().from(binding.table).where(where).for('update')) as Row[]
    return { count: await softDeleteRows(tx, { ctx, binding }, rows), dry_run: false }
  })
}
