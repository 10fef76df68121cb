import { DEFAULT_LIST_SETTINGS, type ListSettings, ZListSettingsSchema } from '@brokerdesk/shared'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { listSettings } from '../../db/schema/index'
import { unauthenticated } from '../../errors'
import { type FieldIssue, invalidFields, issuesOfZod } from '../../resource/field-errors'
import { findDefinition } from '../developments/layouts/save-layout'

function userOf(request: FastifyRequest): number {
  if (!request.user) throw unauthenticated()
  return request.user.id
}

/** The list's definition, or a 422 when the name is no resource's. */
function definitionOf(app: FastifyInstance, request: FastifyRequest, resource: string) {
  const definition = findDefinition(app, resource)
  if (!definition)
    throw invalidFields(request.language, [{ field: 'resource', key: 'validations.messages.in' }])
  return definition
}

/** The user's settings of a resource's list, or the defaults when none are saved. */
export async function readListSettings(
  app: FastifyInstance,
  request: FastifyRequest,
  resource: string,
): Promise<ListSettings> {
  const userId = userOf(request)
  definitionOf(app, request, resource)
  const [row] = await app.db
    .select({ columns: listSettings.columns, density: listSettings.density, views: listSettings.views })
    .from(listSettings)
    .where(and(eq(listSettings.user_id, userId), eq(listSettings.resource, resource)))
    .limit(1)
  return row ?? DEFAULT_LIST_SETTINGS
}

/**
 * Saves the user's settings of a resource's list (one row per user and list). The columns must be
 * the list's, each at most once (422 otherwise); the views' names must differ.
 */
export async function saveListSettings(
  app: FastifyInstance,
  request: FastifyRequest,
  resource: string,
  body: unknown,
): Promise<ListSettings> {
  const userId = userOf(request)
  const definition = definitionOf(app, request, resource)
  const parsed = ZListSettingsSchema.safeParse(body)
  if (!parsed.success) throw invalidFields(request.language, issuesOfZod(parsed.error.issues))
  const input = parsed.data
  const issues: FieldIssue[] = []
  const seen = new Set<string>()
  for (const column of input.columns ?? []) {
    if (!definition.columns.includes(column.name) || seen.has(column.name))
      issues.push({ field: 'columns', key: 'validations.messages.in' })
    seen.add(column.name)
  }
  const names = input.views.map((view) => view.name)
  if (new Set(names).size !== names.length) issues.push({ field: 'views', key: 'validations.messages.in' })
  if (issues.length > 0) throw invalidFields(request.language, issues.slice(0, 1))
  const values = {
    columns: input.columns,
    density: input.density,
    views: input.views,
    updated_at: new Date(),
  }
  await app.db
    .insert(listSettings)
    .values({ user_id: userId, resource, ...values })
    .onConflictDoUpdate({ target: [listSettings.user_id, listSettings.resource], set: values })
  return input
}
