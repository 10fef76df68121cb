import { MAX_IMPORT_ROWS, MAX_INTEGER } from '@brokerdesk/shared'
import { and, eq } from 'drizzle-orm'
import { bumpIdSequence } from '../db/seed/sequences'
import { setStatementTimeout } from '../db/statement-timeout'
import { AppError } from '../errors'
import { translate } from '../i18n/translate'
import { findUnstorableField } from '../input/storable-text'
import { isRecordId, requireColumn } from './columns'
import { invalidFields } from './field-errors'
import { runWrite } from './run-write'
import { saveRecord } from './save-record'
import type { ResourceBinding, ResourceContext, Row } from './types'
import { loggedInput } from './write-records'

export interface ImportResult {
  status: 200
  /** How many rows were stored. */
  imported: number
  /** The rows that were not, each with its values and an `error` column saying what is wrong. */
  errors: Row[]
}

/** What is wrong with a row, in one line: the field messages of a 422, or the error's message. */
function describeFailure(ctx: ResourceContext, error: unknown): string {
  if (error instanceof AppError) {
    const messages = Object.values(error.errors ?? {}).flat()
    return messages.length > 0 ? messages.join('; ') : translate(ctx.language, error.message, error.params)
  }
  return translate(ctx.language, 'errors.internal')
}

/** The id a row names: undefined when none; a row naming something else is refused. */
function idOf(ctx: ResourceContext, row: Row): number | undefined {
  if (row.id === undefined || row.id === null || row.id === '') return undefined
  const id = Number(row.id)
  if (!isRecordId(id)) {
    const issue = { field: 'id', key: 'validations.messages.between', params: { min: 1, max: MAX_INTEGER } }
    throw invalidFields(ctx.language, [issue])
  }
  return id
}

/** Refuses a row holding text PostgreSQL cannot store, naming its field. */
function checkStorable(ctx: ResourceContext, binding: ResourceBinding, row: Row): void {
  const field = findUnstorableField(row)
  if (field !== undefined) {
    throw invalidFields(ctx.language, [{ field, key: 'validations.messages.unstorable' }], binding.definition)
  }
}

/**
 * Imports rows (`{datas: [...]}`, SPEC §7) in one transaction. Each row is validated with the same
 * rules as a create; a row naming the id of a live record updates it, one naming an unused id is
 * created with it. Each row is stored in its own savepoint, so a bad row (also one holding text the
 * database cannot store: the route leaves those checks to this function) is reported with an
 * `error` column and does not block the good ones. A row naming a record outside the caller's
 * scope is refused like that, whatever else it holds.
 */
export async function importRecords(options: {
  ctx: ResourceContext
  binding: ResourceBinding
  datas: unknown
  /** How long each statement of the import may run (ms), longer than a web request's. */
  statementTimeoutMs: number
}): Promise<ImportResult> {
  const { ctx, binding, datas } = options
  if (!Array.isArray(datas) || datas.length > MAX_IMPORT_ROWS) {
    throw invalidFields(ctx.language, [
      { field: 'datas', key: 'resource.import_rows', params: { max: MAX_IMPORT_ROWS } },
    ])
  }
  const rows = datas.map((row) => (row && typeof row === 'object' && !Array.isArray(row) ? (row as Row) : {}))
  const scope = await binding.scope?.(ctx)
  const logged: unknown[] = []
  return runWrite(
    ctx,
    () => ({ datas: logged }),
    async (tx) => {
      await setStatementTimeout(tx, options.statementTimeoutMs)
      const errors: Row[] = []
      let imported = 0
      let explicitIds = false
      const idColumn = requireColumn(binding.table, 'id')
      for (const row of rows) {
        let stored: Row | undefined
        try {
          await tx.transaction(async (savepoint) => {
            checkStorable(ctx, binding, row)
            const id = idOf(ctx, row)
            const found =
              id === undefined ? [] : await savepoint.select().from(binding.table).where(eq(idColumn, id))
            stored = found[0] as Row | undefined
            if (stored && scope) {
              const [reachable] = await savepoint
                .select({ id: idColumn })
                .from(binding.table)
                .where(and(eq(idColumn, id as number), scope))
              if (!reachable) throw new AppError('forbidden', 'resource.import_out_of_reach')
            }
            if (stored?.deleted_at) throw new AppError('validation', 'resource.import_deleted')
            if (stored) {
              await saveRecord({ tx: savepoint, ctx, binding, input: row, existing: stored })
            } else {
              await saveRecord({ tx: savepoint, ctx, binding, input: row, id })
              explicitIds ||= id !== undefined
            }
          })
          imported++
        } catch (error) {
          errors.push({ ...row, error: describeFailure(ctx, error) })
        }
        logged.push(loggedInput(binding, row, stored))
      }
      if (explicitIds) await bumpIdSequence(tx, binding.table)
      return { status: 200, imported, errors }
    },
  )
}
