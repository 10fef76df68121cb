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
import { isRecordId, requireColumn } from './columns'
import { invalidFields } from './field-errors'
import { rowByFields } from './import-headers'
import { runWrite } from './run-write'
import { checkInput, referenceIssues, saveRecord, toColumnValues } from './save-record'
import type { ResourceBinding, ResourceContext, Row } from './types'
import { enqueueRecordEvents } from './webhook-outbox'
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

/** A row being imported: where it stood in the request, and what became of it. */
interface Entry {
  index: number
  row: Row
  /** The stored record the row updates (per-row path only). */
  stored?: Row
  error?: string
  /** The record the row was stored as, and whether it was made or changed (its webhook event). */
  saved?: { id: number; action: 'created' | 'updated' }
}

/** The chunk's key was stored by an earlier request (which may still have been running when this one came). */
class ChunkStoredBefore extends Error {}

/** A chunk's key: the SPA sends `<task id>-<chunk number>`. */
const CHUNK_KEY = /^[\w.:-]{1,100}$/
/** How long a chunk's key and answer are kept (a paused import resumed within that sends no row twice). */
export const CHUNK_KEPT_MS = 7 * 24 * 60 * 60 * 1000

/** The database refused the INSERT of a chunk's new rows together: the chunk is stored again, row by row. */
class ChunkRefused extends Error {}

/**
 * New rows (naming no id) of a binding outside a tree, stored together: each validated in JS, the
 * references of all checked in one query, the binding's checks (given the whole batch, so they can
 * read for all rows at once), then one statement inserting all the good rows and their links.
 * When the database refuses it (a unique value taken, also by another row of the chunk) the
 * transaction is lost: throws ChunkRefused, and the caller stores the chunk again row by row, so
 * each gets its own exact error.
 */
async function insertTogether(tx: Tx, ctx: ResourceContext, binding: ResourceBinding, entries: Entry[]) {
  const read: { entry: Entry; checked: ReturnType<typeof checkInput> }[] = []
  for (const entry of entries) {
    try {
      checkStorable(ctx, binding, entry.row)
      read.push({ entry, checked: checkInput({ ctx, binding, input: entry.row }) })
    } catch (error) {
      entry.error = describeFailure(ctx, error)
    }
  }
  // The references of every row, also of those with other mistakes: a row hears of all of them at once.
  const missing = await referenceIssues(
    tx,
    binding,
    read.map((item) => item.checked.referenced),
  )
  const referenced: { entry: Entry; values: Row }[] = []
  read.forEach(({ entry, checked }, i) => {
    const issues = [...checked.issues, ...missing[i]]
    if (checked.values && issues.length === 0) referenced.push({ entry, values: checked.values })
    else entry.error = describeFailure(ctx, invalidFields(ctx.language, issues, binding.definition))
  })
  const batch = referenced.map((item) => item.values)
  const checked: { entry: Entry; values: Row }[] = []
  for (const item of referenced) {
    try {
      const values = binding.beforeWrite
        ? await binding.beforeWrite(item.values, { tx, ctx, mode: 'create', batch })
        : item.values
      checked.push({ entry: item.entry, values })
    } catch (error) {
      item.entry.error = describeFailure(ctx, error)
    }
  }
  if (checked.length === 0) return
  const split = checked.map((item) => toColumnValues(binding, item.values))
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
  } catch (error) {
    throw new ChunkRefused('the rows were refused together', { cause: error })
  }
  for (const [i, item] of checked.entries()) item.entry.saved = { id: ids[i], action: 'created' }
  if (binding.afterWrite) {
    for (const [i, item] of checked.entries())
      await binding.afterWrite(ids[i], item.values, { tx, ctx, mode: 'create' })
  }
}

/** Stores one row in its own savepoint: an update of the live record it names, or a create. */
async function storeOne(
  tx: Tx,
  ctx: ResourceContext,
  binding: ResourceBinding,
  entry: Entry,
  scope: SQL | undefined,
): Promise<boolean> {
  const { row } = entry
  const idColumn = requireColumn(binding.table, 'id')
  let explicitId = false
  try {
    await tx.transaction(async (savepoint) => {
      checkStorable(ctx, binding, row)
      const id = idOf(ctx, row)
      const found =
        id === undefined ? [] : await savepoint.select().from(binding.table).where(eq(idColumn, id))
      entry.stored = found[0] as Row | undefined
      if (entry.stored && scope) {
        const [reachable] = await savepoint
          .select({ id: idColumn })
          .from(binding.table)
          .where(and(eq(idColumn, id as number), scope))
        if (!reachable) throw new AppError('forbidden', 'resource.import_out_of_reach')
      }
      if (entry.stored?.deleted_at) throw new AppError('validation', 'resource.import_deleted')
      if (entry.stored) {
        await saveRecord({ tx: savepoint, ctx, binding, input: row, existing: entry.stored })
        entry.saved = { id: Number(entry.stored.id), action: 'updated' }
      } else {
        const saved = await saveRecord({ tx: savepoint, ctx, binding, input: row, id })
        entry.saved = { id: saved.id, action: 'created' }
        explicitId = id !== undefined
      }
    })
    entry.error = undefined
  } catch (error) {
    entry.saved = undefined
    entry.error = describeFailure(ctx, error)
  }
  return explicitId
}

/**
 * Imports rows (`{datas: [...]}`, SPEC §7) in one transaction. A row's columns may be headed by
 * field keys or by the labels users see, in any language (rowByFields); failed rows come back keyed
 * by field. Each row is validated with the same
 * rules as a create; a row naming the id of a live record updates it, one naming an unused id is
 * created with it. A bad row (also one holding text the database cannot store: the route leaves
 * those checks to this function) is reported with an `error` column and does not block the good
 * ones. A row naming a record outside the caller's scope is refused like that, whatever else it
 * holds. New rows (no id) are stored together (insertTogether); rows naming an id and the rows of a
 * tree are stored one by one, each in its own savepoint; so is every row of a chunk whose rows the
 * database refused together (in a second transaction: the first is lost with the refusal). The
 * operation log keeps every row, in order, as before.
 *
 * A chunk sent with a `key` is stored once: the key is claimed (per user) in the same transaction
 * as the rows and keeps the answer when some rows failed (else every row was imported); the same
 * key again gets that answer and stores nothing (a
 * request still storing it is waited for), so the SPA can resend a chunk whose answer it lost.
 */
export async function importRecords(options: {
  ctx: ResourceContext
  binding: ResourceBinding
  datas: unknown
  key?: unknown
  /** How long each statement of the import may run (ms), longer than a web request's. */
  statementTimeoutMs: number
}): Promise<ImportResult> {
  const { ctx, binding, datas, key } = options
  if (!Array.isArray(datas) || datas.length > MAX_IMPORT_ROWS) {
    throw invalidFields(ctx.language, [
      { field: 'datas', key: 'resource.import_rows', params: { max: MAX_IMPORT_ROWS } },
    ])
  }
  if (key !== undefined && (typeof key !== 'string' || !CHUNK_KEY.test(key))) {
    throw invalidFields(ctx.language, [{ field: 'key', key: 'validations.messages.regex' }])
  }
  const entries: Entry[] = datas.map((row, index) => ({
    index,
    row:
      row && typeof row === 'object' && !Array.isArray(row)
        ? rowByFields(binding.definition, ctx.language, row as Row)
        : {},
  }))
  const scope = await binding.scope?.(ctx)
  const named = (entry: Entry) =>
    !(entry.row.id === undefined || entry.row.id === null || entry.row.id === '')
  const ofThisChunk = (key: string) => and(eq(importChunks.user_id, ctx.userId), eq(importChunks.key, key))
  const store = (together: Entry[]) =>
    runWrite(
      ctx,
      () => ({ datas: entries.map((entry) => loggedInput(binding, entry.row, entry.stored)) }),
      async (tx) => {
        for (const entry of entries)
          Object.assign(entry, { error: undefined, stored: undefined, saved: undefined })
        await setStatementTimeout(tx, options.statementTimeoutMs)
        if (key !== undefined) {
          const expires_at = new Date(Date.now() + CHUNK_KEPT_MS)
          const claimed = await tx
            .insert(importChunks)
            .values({ user_id: ctx.userId, key, expires_at })
            .onConflictDoNothing()
            .returning({ key: importChunks.key })
          if (claimed.length === 0) throw new ChunkStoredBefore()
        }
        await insertTogether(tx, ctx, binding, together)
        let explicitIds = false
        const stored = new Set(together)
        for (const entry of entries.filter((one) => !stored.has(one)))
          explicitIds = (await storeOne(tx, ctx, binding, entry, scope)) || explicitIds
        if (explicitIds) await bumpIdSequence(tx, binding.table)
        // The rows' webhook events, as a single create or update of each would queue them.
        for (const action of ['created', 'updated'] as const) {
          const ids = entries.flatMap((entry) =>
            entry.saved?.action === action && entry.error === undefined ? [entry.saved.id] : [],
          )
          await enqueueRecordEvents(tx, binding, { action, ids, language: ctx.language })
        }
        const errors = entries.filter((entry) => entry.error !== undefined)
        const answer: ImportResult = {
          status: 200,
          imported: entries.length - errors.length,
          errors: errors.map((entry) => ({ ...entry.row, error: entry.error })),
        }
        // A chunk whose every row was stored needs no answer kept: it is `datas.length` rows imported.
        if (key !== undefined && errors.length > 0)
          await tx.update(importChunks).set({ answer }).where(ofThisChunk(key))
        return answer
      },
    )
  const storeChunk = async (): Promise<ImportResult> => {
    if (binding.definition.tree) return store([])
    try {
      return await store(entries.filter((entry) => !named(entry)))
    } catch (error) {
      if (!(error instanceof ChunkRefused)) throw error
      return store([])
    }
  }
  try {
    return await storeChunk()
  } catch (error) {
    if (!(error instanceof ChunkStoredBefore) || key === undefined) throw error
    const [before] = await ctx.db
      .select({ answer: importChunks.answer })
      .from(importChunks)
      .where(ofThisChunk(key))
    // Gone since (kept past its week and cleared): the key is free again.
    if (!before) return storeChunk()
    return (before.answer as ImportResult | null) ?? { status: 200, imported: entries.length, errors: [] }
  }
}
