import { MAX_IMPORT_ROWS, MAX_INTEGER } from '@brokerdesk/shared'
import { and, eq, type SQL } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { insertRows } from '../db/raw-query'
import { importChunks } from '../db/schema/index'
import { bumpIdSequence } from '../db/seed/sequences'
import { setStatementTimeout } from '../db/statement-timeout'
import { AppError } from '../errors'
import { translate } from '../i18n/translate'
import { findUnstorableField } from '../input/storable-text'
import { referenceIssues } from './check-references'
import { toColumnValues } from './column-values'
import { isRecordId, requireColumn } from './columns'
import { invalidFields } from './field-errors'
import { rowByFields } from './import-headers'
import { runWriteOrRollBack } from './run-write'
import { saveRecord } from './save-record'
import type { ResourceBinding, ResourceContext, Row } from './types'
import { checkInput } from './validate-input'
import { enqueueRecordEvents } from './webhook-outbox'
import { loggedInput } from './write-records'

export interface ImportResult {
  status: 200
  /** How many rows were stored. */
  imported: number
  /** The rows that were not, each with its values and an `error` column saying what is wrong. */
  errors: Row[]
}

/** A chunk's key: the SPA sends `<task id>-<chunk number>`. */
const CHUNK_KEY = /^[\w.:-]{1,100}$/
/** How long a chunk's key and answer are kept (a paused import resumed within that sends no row twice). */
export const CHUNK_KEPT_MS = 7 * 24 * 60 * 60 * 1000

/** A chunk of an import as the request gave it. */
interface Chunk {
  ctx: ResourceContext
  binding: ResourceBinding
  /** Its rows in order, each keyed by field. */
  rows: Row[]
  /** The key it is stored once under (per user), when the request sent one. */
  key?: string
  /** The caller's data scope: a row naming a record outside it is refused. */
  scope?: SQL
  /** How long each statement may run (ms). */
  statementTimeoutMs: number
}

/**
 * How a chunk's rows are stored: the new ones (naming no id) together in one INSERT and the others
 * row by row, or every row by row (a tree's rows, or a chunk the database refused together).
 */
type Way = 'together' | 'row by row'

/**
 * What became of a row: the record it was stored as (made or changed: its webhook event), or what
 * is wrong with it. `stored`: the live record the row names, when found (the log keeps the row as
 * an update of it).
 */
type RowOutcome = { stored?: Row } & (
  | { saved: { id: number; action: 'created' | 'updated' }; error?: undefined }
  | { error: string; saved?: undefined }
)

/** What became of a chunk's transaction: stored with its log entry, or rolled back having stored nothing. */
type ChunkOutcome =
  | { kind: 'stored'; answer: ImportResult }
  /** Its key was claimed by an earlier request (one still storing it was waited for). */
  | { kind: 'taken'; key: string }
  /** The database refused its new rows together (a unique value taken, also by another row of the chunk): the transaction is lost. */
  | { kind: 'refused' }

/** What is wrong with a row, in one line: the field messages of a 422, or the error's message. */
function describeFailure(ctx: ResourceContext, error: unknown): string {
  if (error instanceof AppError) {
    const messages = Object.values(error.errors ?? {}).flat()
    return messages.length > 0 ? messages.join('; ') : translate(ctx.language, error.message, error.params)
  }
  return translate(ctx.language, 'errors.internal')
}

/** Whether a row names an id (is stored row by row: an update, or a create with that id). */
function namesId(row: Row): boolean {
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

/** The chunk of a request: its rows keyed by field (rowByFields), its key and the caller's scope; a 422 when malformed. */
async function chunkOf(options: Parameters<typeof importRecords>[0]): Promise<Chunk> {
  const { ctx, binding, datas, key, statementTimeoutMs } = options
  if (!Array.isArray(datas) || datas.length > MAX_IMPORT_ROWS) {
    throw invalidFields(ctx.language, [
      { field: 'datas', key: 'resource.import_rows', params: { max: MAX_IMPORT_ROWS } },
    ])
  }
  if (key !== undefined && (typeof key !== 'string' || !CHUNK_KEY.test(key))) {
    throw invalidFields(ctx.language, [{ field: 'key', key: 'validations.messages.regex' }])
  }
  const rows = datas.map((row) =>
    row && typeof row === 'object' && !Array.isArray(row)
      ? rowByFields(binding.definition, ctx.language, row as Row)
      : {},
  )
  const scope = await binding.scope?.(ctx)
  return { ctx, binding, rows, key: key as string | undefined, scope, statementTimeoutMs }
}

/** Which of a user's chunks `key` names. */
function chunkNamed(ctx: ResourceContext, key: string): SQL | undefined {
  return and(eq(importChunks.user_id, ctx.userId), eq(importChunks.key, key))
}

/** Claims a chunk's key in the chunk's transaction: taken when an earlier request claimed it. */
async function claimChunkKey(tx: Tx, ctx: ResourceContext, key: string): Promise<'claimed' | 'taken'> {
  const expires_at = new Date(Date.now() + CHUNK_KEPT_MS)
  const claimed = await tx
    .insert(importChunks)
    .values({ user_id: ctx.userId, key, expires_at })
    .onConflictDoNothing()
    .returning({ key: importChunks.key })
  return claimed.length > 0 ? 'claimed' : 'taken'
}

/** The answer kept with a chunk's key: undefined when the key is gone (kept past its week and cleared). */
async function answerKeptFor(
  ctx: ResourceContext,
  key: string,
  rows: number,
): Promise<ImportResult | undefined> {
  const [before] = await ctx.db
    .select({ answer: importChunks.answer })
    .from(importChunks)
    .where(chunkNamed(ctx, key))
  if (!before) return undefined
  // A chunk whose every row was stored kept no answer: it is all its rows imported.
  return (before.answer as ImportResult | null) ?? { status: 200, imported: rows, errors: [] }
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
async function validNewRows(tx: Tx, chunk: Chunk, rows: readonly Row[], outcomes: RowOutcome[]) {
  const { ctx, binding } = chunk
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
async function checkedByBinding(tx: Tx, chunk: Chunk, valid: NewRow[], outcomes: RowOutcome[]) {
  const { ctx, binding } = chunk
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
async function insertNewRowsTogether(
  tx: Tx,
  chunk: Chunk,
  rows: readonly Row[],
): Promise<{ kind: 'inserted'; outcomes: RowOutcome[] } | { kind: 'refused' }> {
  const { ctx, binding } = chunk
  const outcomes: RowOutcome[] = []
  const checked = await checkedByBinding(tx, chunk, await validNewRows(tx, chunk, rows, outcomes), outcomes)
  const split = checked.map((row) => toColumnValues(binding, row.values))
  const links = Object.entries(binding.links ?? {}).map(([field, link]) => ({
    table: link.table,
    ownerColumn: link.ownerColumn,
    targetColumn: link.targetColumn,
    pairs: split.flatMap((values, row) =>
      ((values.links[field] as number[] | undefined) ?? []).map((target) => [row, target] as const),
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
async function storeOne(tx: Tx, chunk: Chunk, row: Row): Promise<RowOutcome> {
  const { ctx, binding, scope } = chunk
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
async function storeRowByRow(tx: Tx, chunk: Chunk, rows: readonly Row[]): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = []
  for (const row of rows) outcomes.push(await storeOne(tx, chunk, row))
  if (outcomes.some((outcome, i) => outcome.saved?.action === 'created' && namesId(rows[i])))
    await bumpIdSequence(tx, chunk.binding.table)
  return outcomes
}

/** Stores every row of the chunk the given way (the new rows together first): each row's outcome, in order. */
async function storeRows(
  tx: Tx,
  chunk: Chunk,
  way: Way,
): Promise<{ kind: 'stored'; outcomes: RowOutcome[] } | { kind: 'refused' }> {
  const together: number[] = []
  const alone: number[] = []
  for (const [at, row] of chunk.rows.entries()) {
    if (way === 'together' && !namesId(row)) together.push(at)
    else alone.push(at)
  }
  const inserted = await insertNewRowsTogether(
    tx,
    chunk,
    together.map((at) => chunk.rows[at]),
  )
  if (inserted.kind === 'refused') return inserted
  const storedAlone = await storeRowByRow(
    tx,
    chunk,
    alone.map((at) => chunk.rows[at]),
  )
  const outcomes: RowOutcome[] = []
  together.forEach((at, i) => {
    outcomes[at] = inserted.outcomes[i]
  })
  alone.forEach((at, i) => {
    outcomes[at] = storedAlone[i]
  })
  return { kind: 'stored', outcomes }
}

/** Queues the stored rows' webhook events, as a single create or update of each would. */
async function queueWebhookEvents(tx: Tx, chunk: Chunk, outcomes: readonly RowOutcome[]): Promise<void> {
  for (const action of ['created', 'updated'] as const) {
    const ids = outcomes.flatMap((outcome) => (outcome.saved?.action === action ? [outcome.saved.id] : []))
    await enqueueRecordEvents(tx, chunk.binding, { action, ids, language: chunk.ctx.language })
  }
}

/** The answer to a chunk: how many rows were stored, and the others with their errors. */
function answerOf(chunk: Chunk, outcomes: readonly RowOutcome[]): ImportResult {
  const errors = chunk.rows.flatMap((row, at) => {
    const { error } = outcomes[at]
    return error === undefined ? [] : [{ ...row, error }]
  })
  return { status: 200, imported: chunk.rows.length - errors.length, errors }
}

/**
 * One try at storing the chunk, in one transaction with its one log entry (keeping every row of the
 * request, in order): its key claimed, its rows stored the given way, their webhook events queued,
 * and the answer kept with the key when some rows failed (else every row was imported). Stores
 * nothing when the key was taken or the database refused the new rows together.
 */
async function storeChunk(chunk: Chunk, way: Way): Promise<ChunkOutcome> {
  const { ctx, binding, key } = chunk
  let outcomes: readonly RowOutcome[] = []
  const logged = () => ({
    datas: chunk.rows.map((row, at) => loggedInput(binding, row, outcomes[at]?.stored)),
  })
  const work = async (tx: Tx): Promise<ChunkOutcome> => {
    await setStatementTimeout(tx, chunk.statementTimeoutMs)
    if (key !== undefined && (await claimChunkKey(tx, ctx, key)) === 'taken') return { kind: 'taken', key }
    const stored = await storeRows(tx, chunk, way)
    if (stored.kind === 'refused') return stored
    outcomes = stored.outcomes
    await queueWebhookEvents(tx, chunk, outcomes)
    const answer = answerOf(chunk, outcomes)
    if (key !== undefined && answer.errors.length > 0)
      await tx.update(importChunks).set({ answer }).where(chunkNamed(ctx, key))
    return { kind: 'stored', answer }
  }
  return runWriteOrRollBack(ctx, logged, work, (outcome) => outcome.kind === 'stored')
}

/** The first way to store a chunk: a tree's rows are placed one by one, other new rows go together. */
function firstWay(chunk: Chunk): Way {
  return chunk.binding.definition.tree ? 'row by row' : 'together'
}

/** Stores the chunk once: again row by row when refused together, or answers what its key's first request answered. */
async function storeOnce(chunk: Chunk, way: Way): Promise<ImportResult> {
  const outcome = await storeChunk(chunk, way)
  switch (outcome.kind) {
    case 'stored':
      return outcome.answer
    case 'refused':
      // Again in a new transaction, each row in its own savepoint, so each gets its own exact error.
      return storeOnce(chunk, 'row by row')
    case 'taken':
      // A key gone since it was found taken is free again.
      return (
        (await answerKeptFor(chunk.ctx, outcome.key, chunk.rows.length)) ?? storeOnce(chunk, firstWay(chunk))
      )
  }
}

/**
 * Imports rows (`{datas: [...]}`, SPEC §7) in one transaction. A row's columns may be headed by
 * field keys or by the labels users see, in any language (rowByFields); failed rows come back keyed
 * by field. Each row is validated with the same rules as a create; a row naming the id of a live
 * record updates it, one naming an unused id is created with it. A bad row (also one holding text
 * the database cannot store: the route leaves those checks to this function) is reported with an
 * `error` column and does not block the good ones. A row naming a record outside the caller's scope
 * is refused like that, whatever else it holds. New rows (no id) are stored together
 * (insertNewRowsTogether); rows naming an id and the rows of a tree are stored one by one, each in
 * its own savepoint (storeRowByRow); so is every row of a chunk whose rows the database refused
 * together (in a second transaction: the first is lost with the refusal). The operation log keeps
 * every row, in order, as before.
 *
 * A chunk sent with a `key` is stored once: the key is claimed (per user) in the same transaction
 * as the rows and keeps the answer when some rows failed; the same key again gets that answer and
 * stores nothing (a request still storing it is waited for), so the SPA can resend a chunk whose
 * answer it lost.
 */
export async function importRecords(options: {
  ctx: ResourceContext
  binding: ResourceBinding
  datas: unknown
  key?: unknown
  /** How long each statement of the import may run (ms), longer than a web request's. */
  statementTimeoutMs: number
}): Promise<ImportResult> {
  const chunk = await chunkOf(options)
  return storeOnce(chunk, firstWay(chunk))
}
