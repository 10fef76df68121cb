import { type PageLayout, RESOURCES, type ResourceDefinition, ZPageLayoutSchema } from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { pageLayouts } from '../../../db/schema/index'
import { type FieldIssue, invalidFields, issuesOfZod } from '../../../resource/field-errors'
import { runWrite } from '../../../resource/run-write'
import type { ResourceContext } from '../../../resource/types'

/** A resource's definition by name: the application's, or a plug-in page's. */
export function findDefinition(app: FastifyInstance, name: string): ResourceDefinition | undefined {
  return RESOURCES[name] ?? app.plugins.bindings.get(name)?.definition
}

/** Names that are not among the allowed ones, or are given twice. */
function strayNames(names: readonly string[], allowed: readonly string[]): string[] {
  const seen = new Set<string>()
  return names.filter((name) => {
    const stray = !allowed.includes(name) || seen.has(name)
    seen.add(name)
    return stray
  })
}

/**
 * Saves the list columns (order, width, visibility) and the form field order of a resource, in one
 * transaction with the operation log. Columns must be the resource's list columns and fields its
 * form fields, each at most once (422 otherwise); those left out keep their place after the others.
 */
export async function saveLayout(
  app: FastifyInstance,
  ctx: ResourceContext,
  body: unknown,
): Promise<PageLayout> {
  const parsed = ZPageLayoutSchema.safeParse(body)
  if (!parsed.success) throw invalidFields(ctx.language, issuesOfZod(parsed.error.issues))
  const input = parsed.data
  const definition = findDefinition(app, input.resource)
  if (!definition) throw invalidFields(ctx.language, [{ field: 'resource', key: 'validations.messages.in' }])
  const formFields = definition.fieldList.filter((field) => field.input).map((field) => field.name)
  const issues: FieldIssue[] = [
    ...strayNames(
      input.columns.map((column) => column.name),
      definition.columns,
    ).map(() => ({ field: 'columns', key: 'validations.messages.in' })),
    ...strayNames(input.fields, formFields).map(() => ({ field: 'fields', key: 'validations.messages.in' })),
  ]
  if (issues.length > 0) throw invalidFields(ctx.language, issues)
  return runWrite(ctx, input, async (tx) => {
    const [row] = await tx
      .insert(pageLayouts)
      .values({ resource: input.resource, columns: input.columns, fields: input.fields })
      .onConflictDoUpdate({
        target: pageLayouts.resource,
        targetWhere: sql`deleted_at is null`,
        set: { columns: input.columns, fields: input.fields, updated_at: new Date() },
      })
      .returning()
    return { columns: row.columns, fields: row.fields, updated_at: row.updated_at.toISOString() }
  })
}
