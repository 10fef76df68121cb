import type { Language } from '@brokerdesk/shared'
import { and, desc, eq, isNotNull, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { logs, users } from '../db/schema/index'
import { AppError, notFound } from '../errors'
import { seededText } from '../i18n/seeded-texts'
import { translateIssues } from './field-errors'
import { MASKED, readStoredState } from './record-changes'
import type { ResourceBinding, ResourceContext, Row } from './types'
import { updateRecord } from './write-records'

/** The newest entries a record's timeline shows. */
export const HISTORY_LIMIT = 200

/** One entry of a record's timeline: who, when, and what changed (secrets masked). */
export interface HistoryEntry {
  id: number
  created_at: string
  user_id: number
  user_name: string
  /** create: the record was made; update: `changes` holds its changed fields, before and after. */
  action: 'create' | 'update'
  changes: Record<string, { before: unknown; after: unknown }>
  /** The log entry this one restored the record to, when it was a restore. */
  restored_from: number | null
}

interface LoggedEntry {
  id: number
  created_at: Date
  user_id: number
  user_name: string | null
  method: string
  changes: unknown
  parameters: unknown
}

/** The log entries of one record, newest first (creates and updates written since they name their record). */
async function loggedEntries(db: Db, binding: ResourceBinding, id: number, limit: number) {
  return (await db
    .select({
      id: logs.id,
      created_at: logs.created_at,
      user_id: logs.user_id,
      user_name: users.name,
      method: logs.method,
      changes: logs.changes,
      parameters: logs.parameters,
    })
    .from(logs)
    .leftJoin(users, eq(users.id, logs.user_id))
    .where(and(eq(logs.resource, binding.definition.name), eq(logs.record_id, id), isNotNull(logs.record_id)))
    .orderBy(desc(logs.id))
    .limit(limit)) as LoggedEntry[]
}

const changesOf = (entry: LoggedEntry) =>
  (entry.changes && typeof entry.changes === 'object' ? entry.changes : {}) as HistoryEntry['changes']

/**
 * A live record's timeline from the operation log, newest first; 404 when the record does not exist,
 * was deleted or is outside the caller's scope (the rows a single update may reach).
 */
export async function recordHistory(options: {
  db: Db
  binding: ResourceBinding
  id: number
  scope?: SQL
  language: Language
}): Promise<{ data: HistoryEntry[] }> {
  const { db, binding, id, scope, language } = options
  if (!(await readStoredState(db, binding, id, { scope }))) throw notFound()
  const entries = await loggedEntries(db, binding, id, HISTORY_LIMIT)
  return {
    data: entries.map((entry) => {
      const restored = (entry.parameters as { restored_from?: unknown } | null)?.restored_from
      return {
        id: Number(entry.id),
        created_at: entry.created_at.toISOString(),
        user_id: entry.user_id,
        user_name: seededText(language, 'users', entry.user_id, 'name', entry.user_name ?? ''),
        action: entry.changes === null ? 'create' : 'update',
        changes: changesOf(entry),
        restored_from: typeof restored === 'number' ? restored : null,
      }
    }),
  }
}

/**
 * The values that bring a record back to how it was right after the log entry `logId`: each field a
 * later entry changed gets the value it had before its first later change. Secrets (masked in the
 * log) and fields the form cannot write are left as they are.
 */
export function valuesAfter(binding: ResourceBinding, logId: number, newestFirst: LoggedEntry[]): Row {
  const writable = new Set(binding.definition.fieldList.filter((field) => field.input).map((f) => f.name))
  const values: Row = {}
  for (const entry of newestFirst) {
    if (Number(entry.id) <= logId) break
    for (const [field, { before }] of Object.entries(changesOf(entry))) {
      if (writable.has(field) && before !== MASKED) values[field] = before
    }
  }
  return values
}

/**
 * Restores a record to the version after one of its log entries: an ordinary update (validated,
 * scoped and logged as one, `restored_from` in its parameters). 422 when the entry is not one of
 * the record's, or when a record the version refers to is gone (the update's own reference check).
 */
export async function restoreRecord(options: {
  ctx: ResourceContext
  binding: ResourceBinding
  id: number
  logId: unknown
}): Promise<Row> {
  const { ctx, binding, id } = options
  const logId = typeof options.logId === 'number' && Number.isSafeInteger(options.logId) ? options.logId : 0
  const scope = await binding.scope?.(ctx)
  if (!(await readStoredState(ctx.db, binding, id, { scope }))) throw notFound()
  const entries = await loggedEntries(ctx.db, binding, id, HISTORY_LIMIT)
  if (logId <= 0 || !entries.some((entry) => Number(entry.id) === logId)) {
    const errors = translateIssues(ctx.language, [{ field: 'log_id', key: 'history.unknown_entry' }])
    throw new AppError('validation', 'history.unknown_entry', { errors })
  }
  const values = valuesAfter(binding, logId, entries)
  return updateRecord({ ctx, binding, id, input: values, logged: { restored_from: logId } })
}
