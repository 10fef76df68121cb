import { http } from '../../../api/http'
import { i18n } from '../../../i18n/i18n'
import { showModal } from '../../../state/modal'
import { IMPORT_CHUNK_ROWS, importChunks, rowsFromCells, type SheetRow, sheetNameOf } from './sheet'
import {
  hasTask,
  newTaskId,
  type SavedTask,
  startTask,
  type TaskJob,
  transferAlert,
  transferStorage,
} from './task-store'
import type { TransferStorage } from './transfer-storage'
import { downloadXlsx, readXlsx } from './xlsx'

interface ImportAnswer {
  status: number
  imported: number
  errors: SheetRow[]
}

export interface ImportOptions {
  /** The import url, e.g. /admin/products/import. */
  url: string
  /** The export's name: the template's sheet name comes from it. */
  name: string
  keys: readonly string[]
  /** The labels of `keys` users see, the header of the sheet of failed rows. */
  headers?: readonly string[]
  onDone?: () => void
}

/** Where an import stands, kept after every chunk so a reload resumes it. */
export interface ImportState {
  kind: 'import'
  id: string
  url: string
  name: string
  keys: string[]
  headers?: string[]
  /** How many chunks the rows make, and the next one to send. */
  chunks: number
  index: number
  imported: number
  /** Failed rows so far (kept as piece `<id>-failed` number n for chunk n, in chunk order). */
  failed: number
  /** The chunks that had failed rows (a state kept before this was known has every chunk's piece). */
  failedChunks?: number[]
  /**
   * The file given is kept (piece `<id>-file` 0) and a reload reads the chunks from it again, of
   * `rowsPerChunk` rows at most; a state kept before this has each chunk's rows as piece
   * `<id>-rows` number n.
   */
  file?: boolean
  rowsPerChunk?: number
}

const filePiece = (state: Pick<ImportState, 'id'>) => `${state.id}-file`
const rowsPiece = (state: ImportState) => `${state.id}-rows`
const failedPiece = (state: ImportState) => `${state.id}-failed`
const jsonBlob = (value: unknown) => new Blob([JSON.stringify(value)], { type: 'application/json' })
const readJson = async (blob: Blob) => JSON.parse(await blob.text()) as SheetRow[]

/** The chunks an xlsx file's rows make (of `rowsPerChunk` rows at most, see importChunks), and its sheet's name. */
async function chunksOfFile(file: Blob, rowsPerChunk: number) {
  const sheet = await readXlsx(file)
  return { sheetName: sheet.sheetName, chunks: importChunks(rowsFromCells(sheet.cells), rowsPerChunk) }
}

/** A new import: its state, and its chunks' rows, which the tab that read the file sends from memory. */
export interface NewImport {
  state: ImportState
  chunks: SheetRow[][]
}

/**
 * Reads an xlsx file for a new import and keeps a copy of it meanwhile (a reload reads the chunks
 * from it again): answers the import's state and chunks once the copy is kept, so no chunk is sent
 * before a reload could send it again under its key. Answers null, keeping nothing, when the
 * file's sheet is not the template's.
 * Keeping the file rather than its rows' chunks (50 JSON pieces for 10,000 rows, written after the
 * reading) let the first chunk go while the rows were being kept (issue 21, docs/decisions/spa.md).
 */
export async function newImport(
  options: Omit<ImportOptions, 'onDone'>,
  file: Blob,
  storage: TransferStorage,
  rowsPerChunk = IMPORT_CHUNK_ROWS,
): Promise<NewImport | null> {
  const state: ImportState = {
    kind: 'import',
    id: newTaskId(),
    url: options.url,
    name: options.name,
    keys: [...options.keys],
    headers: options.headers && [...options.headers],
    chunks: 0,
    index: 0,
    imported: 0,
    failed: 0,
    failedChunks: [],
    file: true,
    rowsPerChunk,
  }
  // A copy in memory: the kept file is the one read, even should the file on disk change.
  const copy = new Blob([await file.arrayBuffer()], { type: file.type })
  const kept = storage.putPiece(filePiece(state), 0, copy)
  kept.catch(() => undefined) // met below, or dropped with a file refused
  const drop = () => kept.then(() => storage.deletePieces(filePiece(state))).catch(() => undefined)
  let read: Awaited<ReturnType<typeof chunksOfFile>>
  try {
    read = await chunksOfFile(copy, rowsPerChunk)
  } catch (error) {
    await drop()
    throw error
  }
  const { sheetName, chunks } = read
  if (sheetName !== sheetNameOf(options.name)) {
    await drop()
    return null
  }
  await kept
  state.chunks = chunks.length
  return { state, chunks }
}

/** Drops what an import kept: its file (or its rows' chunks) and its failed rows. */
async function discardPieces(storage: TransferStorage, state: ImportState): Promise<void> {
  await storage.deletePieces(state.file ? filePiece(state) : rowsPiece(state))
  await storage.deletePieces(failedPiece(state))
}

/**
 * Where a job finds a chunk's rows: as this tab read them when it holds them (`held`, dropped once
 * answered), else from the kept file (read once, again after a failed try) or, for a state kept
 * before the file was, from the chunk's own piece.
 */
function chunkSource(storage: TransferStorage, state: ImportState, held: (SheetRow[] | undefined)[]) {
  let reading: Promise<SheetRow[][]> | undefined
  const readFile = () => {
    if (reading) return reading
    const read = storage
      .getPieces(filePiece(state), 0, 1)
      .then(([file]) => chunksOfFile(file, state.rowsPerChunk ?? IMPORT_CHUNK_ROWS))
      .then(({ chunks }) => chunks)
    reading = read
    read.catch(() => {
      if (reading === read) reading = undefined
    })
    return read
  }
  return {
    async rows(index: number): Promise<SheetRow[]> {
      const rows = held[index]
      if (rows) return rows
      if (state.file) {
        const chunks = await readFile()
        if (chunks.length !== state.chunks || !chunks[index]) throw new Error('the kept file has other rows')
        return chunks[index]
      }
      const [piece] = await storage.getPieces(rowsPiece(state), index, index + 1)
      return readJson(piece)
    },
    used(index: number) {
      held[index] = undefined
    },
  }
}

/** Chunks of an import sent at once: the server checks one while the database stores another. */
export const IMPORT_CHUNKS_IN_FLIGHT = 2
/** Chunks sent whose answers wait for an earlier one's, at most (besides those in flight). */
const CHUNKS_AHEAD = 2

/** The key of a chunk: the server stores a chunk once per key and answers it again when resent. */
export const importChunkKey = (state: Pick<ImportState, 'id'>, index: number) => `${state.id}-${index}`

/** What the job is given besides its state. */
export interface ImportJobOptions {
  send?: typeof sendImportChunk
  write?: typeof downloadXlsx
  onDone?: () => void
  /** Requests kept waiting for an answer (IMPORT_CHUNKS_IN_FLIGHT). */
  inFlight?: number
  /** The chunks' rows as read from the file in this tab (newImport): sent without reading them back. */
  chunks?: (SheetRow[] | undefined)[]
}

/**
 * The job of an import: its chunks sent each under its key, `inFlight` requests waiting at all
 * times (an answer sends the next chunk at once, even one that came before an earlier chunk's, up to
 * CHUNKS_AHEAD chunks beyond those), their answers used in order, each chunk's failed rows kept, the
 * kept state moved past a chunk only once its answer came; between steps (paused, cancelled) no
 * chunk is sent. A reload resumes at the first chunk not
 * answered and sends the chunks from there again, with the same keys: the server answers a chunk it
 * already stored with the answer it kept, so every row is stored once. A failed chunk pauses the
 * task, the chunks sent are forgotten, and resuming sends them again, likewise. At the end the
 * failed rows are offered as a sheet.
 */
export function importJob(
  initial: ImportState,
  storage: TransferStorage,
  given: ImportJobOptions = {},
): TaskJob {
  const { send = sendImportChunk, write = downloadXlsx, onDone, inFlight = IMPORT_CHUNKS_IN_FLIGHT } = given
  const chunks = chunkSource(storage, initial, [...(given.chunks ?? [])])
  let state: ImportState = { ...initial }
  /** Chunks sent whose answers are not used yet, by chunk number (memory only). */
  const sent = new Map<number, Promise<ImportAnswer>>()
  /** The next chunk to send, and how many requests wait for their answer. */
  let following = state.index
  let waiting = 0
  /** Moves on each failure: answers of chunks sent before it send nothing more. */
  let round = 0
  /** A step runs: answers send more chunks only then, so a paused or cancelled task sends none. */
  let stepping = false
  const fill = () => {
    const until = Math.min(state.chunks, state.index + inFlight + CHUNKS_AHEAD)
    while (waiting < inFlight && following < until) {
      const index = following++
      const sentIn = round
      waiting += 1
      const answer = (async () => send(state.url, await chunks.rows(index), importChunkKey(state, index)))()
      sent.set(index, answer)
      // Seen before the step that awaits it; a failure sends nothing more and is met where it is used.
      answer.then(
        () => answered(sentIn, true),
        () => answered(sentIn, false),
      )
    }
  }
  const answered = (sentIn: number, ok: boolean) => {
    if (sentIn !== round) return
    waiting -= 1
    if (ok && stepping) fill()
  }
  /** One step: the next chunk's answer used (sending more as answers come), the state moved past it. */
  const step = async () => {
    if (state.index >= state.chunks) return true
    const s = { ...state }
    if (!sent.has(s.index)) following = s.index
    fill()
    let answer: ImportAnswer
    try {
      answer = await (sent.get(s.index) as Promise<ImportAnswer>)
    } catch (error) {
      sent.clear()
      round += 1
      waiting = 0
      throw error
    }
    sent.delete(s.index)
    chunks.used(s.index)
    const errors = answer.errors ?? []
    if (errors.length > 0) {
      await storage.putPiece(failedPiece(s), s.index, jsonBlob(errors))
      s.failedChunks = [...(s.failedChunks ?? []), s.index]
    }
    s.imported += answer.imported ?? 0
    s.failed += errors.length
    s.index += 1
    state = s
    fill() // the window moved past this chunk
    return s.index >= s.chunks
  }
  const discard = () => discardPieces(storage, state)
  return {
    model: 1,
    async next() {
      stepping = true
      try {
        return await step()
      } finally {
        stepping = false
      }
    },
    progress: () => (state.chunks === 0 ? 100 : Math.round((state.index / state.chunks) * 100)),
    async finish() {
      if (state.failed === 0) {
        // Said first: the list's reload (onDone) renders its table on this thread.
        transferAlert('success', 'messages.import_success')
        onDone?.()
        await discard()
        return
      }
      onDone?.()
      const failed: SheetRow[] = []
      const pieces = state.failedChunks
        ? await Promise.all(
            state.failedChunks.map(
              async (index) => (await storage.getPieces(failedPiece(state), index, index + 1))[0],
            ),
          )
        : await storage.getPieces(failedPiece(state), 0, state.chunks)
      for (const piece of pieces) failed.push(...(await readJson(piece)))
      await discard()
      showModal({
        title: i18n.t('http.prompt'),
        content: i18n.t('messages.import_partial', {
          success_number: state.imported,
          error_number: failed.length,
        }),
        // The server answers failed rows keyed by field, whatever headed the columns of the file.
        onOk: () =>
          void write(i18n.t('messages.wrong_data'), [...state.keys, 'error'], failed, 1, [
            ...(state.headers ?? state.keys),
            i18n.t('fields.error'),
          ]),
      })
    },
    fail: () => transferAlert('danger', 'messages.import_error'),
    snapshot: () => state as unknown as SavedTask,
    discard,
  }
}

export function sendImportChunk(url: string, datas: SheetRow[], key: string): Promise<ImportAnswer> {
  return http.post<ImportAnswer>(url, { datas, key })
}

/** Reads an xlsx file and starts its import; refuses other files and other templates. */
export async function startImport(file: File, options: ImportOptions): Promise<boolean> {
  if (!/\.xlsx$/i.test(file.name)) {
    transferAlert('danger', 'messages.wrong_template')
    return false
  }
  if (hasTask()) {
    transferAlert('warning', 'messages.task_exists')
    return false
  }
  const storage = transferStorage()
  const read = await newImport(options, file, storage)
  if (!read) {
    transferAlert('danger', 'messages.wrong_template')
    return false
  }
  const { state, chunks } = read
  const started = startTask(importJob(state, storage, { onDone: options.onDone, chunks }))
  if (!started) {
    await importJob(state, storage).discard?.()
    transferAlert('warning', 'messages.task_exists')
  }
  return started
}
