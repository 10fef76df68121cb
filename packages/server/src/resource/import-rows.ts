import { MAX_INTEGER } from '@brokerdesk/shared'
import { and, eq, type SQL } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { insertRows } from '../db/raw-query'
import { bumpIdSequence } from '../db/seed/sequences'
import { AppError } from '../errors'
import { translate } from '../i18n/translate'
import { findUnstorableField } from '../input/storable-text'
import { referenceIssues } from './check-references'
import { toColumnValues } from './column-values'
import { isRecordId, requireColumn } from './columns'
import { invalidFields } from './field-errors'
import { saveRecord } from './save-record'
import type { ResourceBinding, ResourceContext, Row } from './types'
import { checkInput } from './validate-input'

// The two ways an import stores its rows (import-records.ts decides which, and when again):
// new rows together in one INSERT (insertNewRowsTogether), or one by one (storeRowByRow).

/** Where imported rows go: the resource, as whom, within which scope (a row naming a record outside it is refused). */
export interface ImportTarget {
  ctx: ResourceContext
  binding: ResourceBinding
  scope?: SQL
}

/**
 * What became of a row: the record it was stored as (made or changed: its webhook event), or what
 * is wrong with it. `stored`: the live record the row names, when found (the log keeps the row as
 * an update of it).
 */
export type RowOutcome = { stored?: Row } & (
  | { saved: { id: number; action: 'created' | 'updated' }; error?: undefined }
  | { error: string; saved?: undefined }
)

/** What is wrong with a row, in one line: the field messages of a 422, or the error's message. */
function describeFailure(ctx: ResourceContext, error: unknown): string {
  if (error instanceof AppError) {
    const messages = Object.values(error.errors ?? {}).flat()
    return messages.length > 0 ? messages.join('; ') : translate(ctx.language, error.message, error.params)
  }
  return translate(ctx.language, 'errors.internal')
}

/** Whether a row names an id (is stored row by row: an update, or a create with that id). */
export function namesId(row: Row): boolean {
  return !(row.id === undefined || row.id === null || row.id === '')
}

/** The id a row names: undefined when none; a row naming something else is refused. */
function idOf(ctx: ResourceContext, row: Row): number | undefined {
  if (!namesId(row)) return undefined
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

/** A new row on its way to the INSERT: where it stands among the rows stored together, and its values. */
interface NewRow {
  at: number
  values: Row
}

/**
 * The new rows checked as a create checks one: each validated in JS, the references of all looked
 * up in one query (also of rows with other mistakes: a row hears of all of them at once). Answers
 * the valid ones; what is wrong with the others goes into `outcomes`.
 */
async function validNewRows(tx: Tx, target: ImportTarget, rows: readonly Row[], outcomes: RowOutcome[]) {
  const { ctx, binding } = target
  const read: { at: number; checked: ReturnType<typeof checkInput> }[] = []
  rows.forEach((row, at) => {
    try {
      checkStorable(ctx, binding, row)
      read.push({ at, checked: checkInput({ ctx, binding, input: row }) })
    } catch (error) {
      outcomes[at] = { error: describeFailure(ctx, error) }
    }
  })
  const missing = await referenceIssues(
    tx,
    binding,
    read.map((item) => item.checked.referenced),
  )
  const valid: NewRow[] = []
  read.forEach(({ at, checked }, i) => {
    const issues = [...checked.issues, ...missing[i]]
    if (checked.values && issues.length === 0) valid.push({ at, values: checked.values })
    else
      outcomes[at] = { error: describeFailure(ctx, invalidFields(ctx.language, issues, binding.definition)) }
  })
  return valid
}

/** The binding's checks of the valid new rows, each given the whole batch (to read for all rows at once). */
async function checkedByBinding(tx: Tx, target: ImportTarget, valid: NewRow[], outcomes: RowOutcome[]) {
  const { ctx, binding } = target
  const batch = valid.map((row) => row.values)
  const checked: NewRow[] = []
  for (const { at, values } of valid) {
    try {
      const args = { tx, ctx, mode: 'create' as const, batch }
      checked.push({ at, values: binding.beforeWrite ? await binding.beforeWrite(values, args) : values })
    } catch (error) {
      outcomes[at] = { error: describeFailure(ctx, error) }
    }
  }
  return checked
}

/**
 * New rows (naming no id) of a binding outside a tree, stored together: checked (validNewRows,
 * checkedByBinding), then one statement inserting all the good rows and their links. Answers each
 * row's outcome; refused when the database refused the statement (the transaction is then lost).
 */
export async function insertNewRowsTogether(
  tx: Tx,
  target: ImportTarget,
  rows: readonly Row[],
): Promise<{ kind: 'inserted'; outcomes: RowOutcome[] } | { kind: 'refused' }> {
  const { ctx, binding } = target
  const outcomes: RowOutcome[] = []
  const checked = await checkedByBinding(tx, target, await validNewRows(tx, target, rows, outcomes), outcomes)
  const split = checked.map((row) => toColumnValues(binding, row.values))
  const links = Object.entries(binding.links ?? {}).map(([field, link]) => ({
    table: link.table,
    ownerColumn: link.ownerColumn,
    targetColumn: link.targetColumn,
    pairs: split.flatMap((values, row) =>
      ((values.links[field] as number[] | undefined) ?? []).map((linked) => [row, linked] as const),
    ),
  }))
  let ids: number[]
  try {
    ids = await insertRows(
      tx,
      binding.table,
      split.map((values) => values.columns),
      links,
    )
  } catch {
    return { kind: 'refused' }
  }
  for (const [i, row] of checked.entries()) {
    outcomes[row.at] = { saved: { id: ids[i], action: 'created' } }
    await binding.afterWrite?.(ids[i], row.values, { tx, ctx, mode: 'create' })
  }
  return { kind: 'inserted', outcomes }
}

/** Stores one row in its own savepoint: an update of the live record it names, or a create (with the id it names). */
async function storeOne(tx: Tx, target: ImportTarget, row: Row): Promise<RowOutcome> {
  const { ctx, binding, scope } = target
  const idColumn = requireColumn(binding.table, 'id')
  let stored: Row | undefined
  try {
    return await tx.transaction(async (savepoint): Promise<RowOutcome> => {
      checkStorable(ctx, binding, row)
      const id = idOf(ctx, row)
      const found =
        id === undefined ? [] : await savepoint.select().from(binding.table).where(eq(idColumn, id))
      const record = found[0] as Row | undefined
      stored = record
      if (!record) {
        const saved = await saveRecord({ tx: savepoint, ctx, binding, input: row, id })
        return { saved: { id: saved.id, action: 'created' } }
      }
      if (scope) {
        const [reachable] = await savepoint
          .select({ id: idColumn })
          .from(binding.table)
          .where(and(eq(idColumn, id as number), scope))
        if (!reachable) throw new AppError('forbidden', 'resource.import_out_of_reach')
      }
      if (record.deleted_at) throw new AppError('validation', 'resource.import_deleted')
      await saveRecord({ tx: savepoint, ctx, binding, input: row, existing: record })
      return { stored: record, saved: { id: Number(record.id), action: 'updated' } }
    })
  } catch (error) {
    return { stored, error: describeFailure(ctx, error) }
  }
}

/** Stores rows one by one, then moves the id sequence past the ids rows were created with. */
export async function storeRowByRow(
  tx: Tx,
  target: ImportTarget,
  rows: readonly Row[],
): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = []
  for (const row of rows) outcomes.push(await storeOne(tx, target, row))
  if (outcomes.some((outcome, i) => outcome.saved?.action === 'created' && namesId(rows[i])))
    await bumpIdSequence(tx, target.binding.table)
  return outcomes
}
