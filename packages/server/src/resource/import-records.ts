import { MAX_IMPORT_ROWS } from '@brokerdesk/shared'
import { and, eq, type SQL } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { rawTxQuery } from '../db/raw-query'
import { importChunks } from '../db/schema/index'
import { setStatementTimeout, statementTimeoutSetting } from '../db/statement-timeout'
import { invalidFields } from './field-errors'
import { rowsByFields } from './import-headers'
import {
  type ImportTarget,
  insertNewRowsTogether,
  namesId,
  type RowOutcome,
  storeRowByRow,
} from './import-rows'
import { runWriteOrRollBack } from './run-write'
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

/** A chunk's key: the SPA sends `<task id>-<chunk number>`. */
const CHUNK_KEY = /^[\w.:-]{1,100}$/
/** How long a chunk's key and answer are kept (a paused import resumed within that sends no row twice). */
export const CHUNK_KEPT_MS = 7 * 24 * 60 * 60 * 1000

/** A chunk of an import as the request gave it. */
interface Chunk extends ImportTarget {
  /** Its rows in order, each keyed by field. */
  rows: Row[]
  /** The key it is stored once under (per user), when the request sent one. */
  key?: string
  /** How long each statement may run (ms). */
  statementTimeoutMs: number
}

/**
 * How a chunk's rows are stored: the new ones (naming no id) together in one INSERT and the others
 * row by row, or every row by row (a tree's rows, or a chunk the database refused together).
 */
type Way = 'together' | 'row by row'

/** What became of a chunk's transaction: stored with its log entry, or rolled back having stored nothing. */
type ChunkOutcome =
  | { kind: 'stored'; answer: ImportResult }
  /** Its key was claimed by an earlier request (one still storing it was waited for). */
  | { kind: 'taken'; key: string }
  /** The database refused its new rows together (a unique value taken, also by another row of the chunk): the transaction is lost. */
  | { kind: 'refused' }

/** The chunk of a request: its rows keyed by field (rowsByFields), its key and the caller's scope; a 422 when malformed. */
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
  const rows = rowsByFields(binding.definition, ctx.language, datas)
  const scope = await binding.scope?.(ctx)
  return { ctx, binding, rows, key: key as string | undefined, scope, statementTimeoutMs }
}

/** Which of a user's chunks `key` names. */
function chunkNamed(ctx: ResourceContext, key: string): SQL | undefined {
  return and(eq(importChunks.user_id, ctx.userId), eq(importChunks.key, key))
}

/**
 * A chunk's key claimed (per user) until it expires, no row answered when an earlier request
 * claimed it; the same statement sets the transaction's statement time-out ($4), which would
 * otherwise be a round trip of its own before it.
 */
const CLAIM_CHUNK_KEY = `with "timeout" as (select ${statementTimeoutSetting('$4')})
  insert into "import_chunks" ("user_id", "key", "expires_at") select $1::integer, $2::text, $3::timestamptz from "timeout"
  on conflict do nothing returning "key"`

/**
 * Sets the chunk's statement time-out and claims its key (when it has one) in the chunk's
 * transaction: answers the outcome 'taken' when an earlier request claimed the key. A named
 * statement of fixed text (drizzle's builder wrote the claim afresh for each chunk).
 */
async function openChunk(tx: Tx, chunk: Chunk): Promise<{ kind: 'taken'; key: string } | undefined> {
  const { ctx, key, statementTimeoutMs } = chunk
  if (key === undefined) {
    await setStatementTimeout(tx, statementTimeoutMs)
    return undefined
  }
  const expiresAt = new Date(Date.now() + CHUNK_KEPT_MS).toISOString()
  const claimed = await rawTxQuery(tx, 'claim_import_chunk_key', CLAIM_CHUNK_KEY, [
    ctx.userId,
    key,
    expiresAt,
    String(statementTimeoutMs),
  ])
  return claimed.length > 0 ? undefined : { kind: 'taken', key }
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
    const taken = await openChunk(tx, chunk)
    if (taken) return taken
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
 * field keys or by the labels users see, in any language (rowsByFields); failed rows come back keyed
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
