import { http, type Params } from '../../../api/http'
import { fileNameOf, ROWS_PER_FILE, type SheetRow } from './sheet'
import { deflateBlob, type LiveDeflate, liveDeflate } from './sheet-deflate'
import { rowsXml, sheetBytes, sheetHead } from './sheet-xml'
import {
  newTaskId,
  type SavedTask,
  startTask,
  type TaskJob,
  transferAlert,
  transferStorage,
} from './task-store'
import type { TransferStorage } from './transfer-storage'
import { saveBlob } from './xlsx'
import { buildXlsx } from './xlsx-stream'

/**
 * An export page: rows as objects, or (asked with `layout=arrays`, which the resource engine
 * answers) as arrays of the values of `columns`.
 */
interface ExportPage {
  current_page: number
  last_page: number
  max_id: number
  columns?: string[]
  data: SheetRow[] | unknown[][]
}

export interface ExportOptions {
  /** The export url, e.g. /admin/products/excel. */
  url: string
  /** The list's filters and sort. */
  params: Params
  /** The file and sheet name. */
  name: string
  /** The columns, in order. */
  keys: readonly string[]
  /** The header of each column: the labels users see, in their language (the keys when absent). */
  headers?: readonly string[]
}

/** Rows per export page (EXPORT_PER_PAGE_OPTIONS allows up to 5,000; larger pages were no faster). */
export const EXPORT_PAGE_SIZE = 2000
/** Rows whose XML is held in memory before it is stored as one piece (and the task's state kept). */
export const ROWS_PER_PIECE = 10_000
/** Pages asked for beyond the one being written. */
const PAGES_AHEAD = 2

interface AskedPage {
  page: number
  maxId: number
  answer: Promise<ExportPage>
  /** The answer, once it came. */
  answered?: ExportPage
}

/** Where an export stands, kept with every stored piece so a reload resumes it. */
export interface ExportState {
  kind: 'export'
  id: string
  options: ExportOptions
  perPage: number
  /** The next page to ask for, and the id it starts after (unsorted exports page by id). */
  page: number
  maxId: number
  /** Rows of that page already written (a page that filled a file and went on into the next). */
  skip?: number
  /** The last page as far as known: the first page's estimate, for the progress only. */
  lastPage: number
  /** The file being written (1, 2, …), its rows so far, its pieces (the head first) and their size. */
  part: number
  partRows: number
  pieces: number
  size: number
  /** Rows per file (SPEC §9: 100,000). */
  rowsPerFile: number
}

export function newExportState(
  options: ExportOptions,
  perPage = EXPORT_PAGE_SIZE,
  rowsPerFile = ROWS_PER_FILE,
): ExportState {
  return {
    kind: 'export',
    id: newTaskId(),
    options: { ...options, keys: [...options.keys], headers: options.headers && [...options.headers] },
    perPage,
    page: 1,
    maxId: 0,
    skip: 0,
    lastPage: 1,
    part: 1,
    partRows: 0,
    pieces: 0,
    size: 0,
    rowsPerFile,
  }
}

/** A page's rows as arrays of the export's columns `keys`, in order, whichever way the page gave them. */
export function rowsOfPage(keys: readonly string[], page: ExportPage): unknown[][] {
  const rows = page.data ?? []
  const columns = page.columns
  if (!columns) return (rows as SheetRow[]).map((row) => keys.map((key) => row[key]))
  const index = keys.map((key) => columns.indexOf(key))
  const table = rows as unknown[][]
  if (index.length === columns.length && index.every((at, i) => at === i)) return table
  return table.map((row) => index.map((at) => (at < 0 ? null : row[at])))
}

type SaveFile = (blob: Blob, fileName: string) => void
type FetchPage = (url: string, params: Params) => Promise<ExportPage>

/** Whether another page follows the page `page` that answered `answer`. */
function follows(page: number, answer: ExportPage): boolean {
  return (answer.data?.length ?? 0) > 0 && answer.last_page > page
}

/** The key of the stored pieces of the export's part being written. */
const pieceKey = (s: ExportState) => `${s.id}-${s.part}`

/**
 * The export's pages asked for, in order, the first being the next to write: each answer asks for
 * the page after it at once (up to PAGES_AHEAD beyond the one being written), so the server works
 * while the tab writes. Kept in memory only: a reload asks again.
 */
function pagesAhead(options: ExportOptions, perPage: number, fetchPage: FetchPage) {
  let asked: AskedPage[] = []
  const ask = (page: number, maxId: number): AskedPage => {
    const entry: AskedPage = {
      page,
      maxId,
      answer: fetchPage(options.url, {
        ...options.params,
        page,
        per_page: perPage,
        max_id: maxId || undefined,
        layout: 'arrays',
      }),
    }
    entry.answer.then(
      (answer) => {
        entry.answered = answer
        askAhead()
      },
      () => undefined, // a failure is met when the page is used
    )
    return entry
  }
  const askAhead = () => {
    const last = asked[asked.length - 1]
    if (!last?.answered || asked.length > PAGES_AHEAD || !follows(last.page, last.answered)) return
    asked.push(ask(last.page + 1, last.answered.max_id ?? last.maxId))
  }
  return {
    /** The page `page` (the one after the id `maxId`); a failed page is asked again when read again. */
    async read(page: number, maxId: number): Promise<ExportPage> {
      if (asked[0]?.page !== page || asked[0]?.maxId !== maxId) asked = [ask(page, maxId)]
      let answer: ExportPage
      try {
        answer = await asked[0].answer
      } catch (error) {
        asked = []
        throw error
      }
      asked.shift()
      askAhead()
      return answer
    },
  }
}

/**
 * The sheet of the part being written: rows become its next bytes (`append`), deflated live when the
 * part began in this tab; the rows written since the last piece are stored as the part's next piece
 * (`storePending`, which moves the state's pieces and size); the part's file is built and saved
 * (`save`).
 */
function partWriter(options: ExportOptions, storage: TransferStorage, saveFile: SaveFile) {
  /** The rows written since the last piece (Blobs of their bytes, once built), and how many rows. */
  let pending: Promise<Blob>[] = []
  let pendingRows = 0
  /** The part's sheet deflated as it is written; null when the part began before a reload. */
  let live: LiveDeflate | null = null
  const header = options.headers ?? options.keys
  const head = () => sheetBytes(sheetHead(header))
  const addPiece = async (s: ExportState, parts: readonly Blob[]) => {
    const blob = new Blob(parts as Blob[])
    await storage.putPiece(pieceKey(s), s.pieces, blob)
    s.pieces += 1
    s.size += blob.size
  }
  /** Stores the pending rows as the part's next piece (the head first); they stay pending if that fails. */
  const storePending = async (s: ExportState) => {
    if (s.pieces === 0) await addPiece(s, [new Blob([head()])])
    if (pending.length === 0) return
    const parts = pending
    await addPiece(s, await Promise.all(parts))
    pending = pending.slice(parts.length)
    pendingRows = 0
  }
  const abort = () => {
    live?.abort()
    live = null
  }
  return {
    storePending,
    abort,
    pendingRows: () => pendingRows,
    /** Resolves when the live deflate has room for the next rows. */
    ready: async () => live?.ready(),
    /** Writes the part's rows as the sheet's next bytes (the head first when the part begins here). */
    append(s: ExportState, rows: readonly unknown[][], first: number) {
      if (s.partRows === 0 && s.pieces === 0 && pending.length === 0) {
        abort()
        live = liveDeflate(sheetHead(header))
      }
      pending.push(
        live ? live.write(rows, first) : Promise.resolve(new Blob([sheetBytes(rowsXml(rows, first))])),
      )
      pendingRows += rows.length
      s.partRows += rows.length
    },
    /** Builds and saves the part's file from its stored pieces (deflated live if it was), then drops them. */
    async save(s: ExportState) {
      await storePending(s)
      const pieces = await storage.getPieces(pieceKey(s), 0, s.pieces)
      const deflated = live
      live = null
      const deflate = deflated
        ? async (raw: Blob) => (await deflated.finish()) ?? deflateBlob(raw)
        : deflateBlob
      saveFile(
        await buildXlsx(options.name, { pieces, size: s.size }, new Date(), deflate),
        fileNameOf(options.name, s.part),
      )
      await storage.deletePieces(pieceKey(s))
    },
  }
}

/**
 * The job of an export: page after page (keyset by max_id, rows as arrays: pagesAhead), the rows
 * streamed as sheet XML, encoded once (partWriter): the bytes go to the file's live deflate
 * (CompressionStream, working while the next page is on its way) and, every ROWS_PER_PIECE rows
 * (and when the task pauses), to IndexedDB as a piece of the file. A file every 100,000 rows.
 * Resumes from `state` (a reload): what was kept is the state as of the last stored piece, so the
 * pages after it are asked for again and every row lands once; a file begun before the reload is
 * deflated from its stored pieces.
 */
export function exportJob(
  initial: ExportState,
  storage: TransferStorage,
  fetchPage: FetchPage = fetchExportPage,
  saveFile: SaveFile = saveBlob,
  rowsPerPiece = ROWS_PER_PIECE,
): TaskJob {
  /** Where the export stands (pieces and size count what is stored; partRows the pending rows too). */
  let state: ExportState = { ...initial, skip: initial.skip ?? 0 }
  /** The state as of the last stored piece: what a reload resumes from. */
  let kept: ExportState = { ...state }
  const { options } = state
  const pages = pagesAhead(options, state.perPage, fetchPage)
  const sheet = partWriter(options, storage, saveFile)
  /** Writes the full (or last) part's file and goes on to the next part; state moves only once it is saved. */
  const writeFile = async () => {
    await sheet.save(state)
    state = { ...state, part: state.part + 1, partRows: 0, pieces: 0, size: 0 }
    kept = { ...state }
  }
  const checkpoint = async () => {
    await sheet.storePending(state)
    kept = { ...state }
  }
  return {
    model: 0,
    async next() {
      // A part that filled up before its file was saved (a failure, a reload) is saved first.
      if (state.partRows >= state.rowsPerFile) await writeFile()
      const s = { ...state }
      const answer = await pages.read(s.page, s.maxId)
      const rows = rowsOfPage(options.keys, answer)
      // Another page follows when the page says so (the server counts nothing: last_page is the
      // first page's estimate, then whether more rows follow).
      const more = follows(s.page, answer)
      s.lastPage = Math.max(s.page === 1 ? answer.last_page : s.lastPage, more ? s.page + 1 : s.page)
      const nextMaxId = answer.max_id ?? s.maxId
      await sheet.ready()
      let offset = s.skip ?? 0
      while (offset < rows.length) {
        const take = Math.min(rows.length - offset, s.rowsPerFile - s.partRows)
        sheet.append(s, rows.slice(offset, offset + take), s.partRows + 2)
        offset += take
        if (s.partRows < s.rowsPerFile || offset >= rows.length) break
        // The part is full inside the page: its file first, then the rest of the page.
        state = { ...s, skip: offset }
        await writeFile()
        Object.assign(s, state)
      }
      Object.assign(s, { maxId: nextMaxId, page: s.page + 1, skip: 0 })
      state = s
      const done = !more
      if (!done && sheet.pendingRows() >= rowsPerPiece) await checkpoint()
      return done
    },
    progress: () => Math.min(100, Math.round(((state.page - 1) / Math.max(state.lastPage, 1)) * 100)),
    checkpoint,
    async finish() {
      // The last file; an export of no rows still gives one file with the header.
      if (state.partRows > 0 || state.part === 1) await writeFile()
      transferAlert('success', 'messages.download_success')
    },
    fail: () => transferAlert('danger', 'messages.download_error'),
    snapshot: () => kept as unknown as SavedTask,
    discard: () => {
      sheet.abort()
      return storage.deletePieces(pieceKey(state))
    },
  }
}

export function fetchExportPage(url: string, params: Params): Promise<ExportPage> {
  return http.get<ExportPage>(url, params)
}

/** Starts an export, unless a task already runs. */
export function startExport(options: ExportOptions): boolean {
  if (!options.url) {
    transferAlert('danger', 'messages.no_export_url')
    return false
  }
  const started = startTask(exportJob(newExportState(options), transferStorage()))
  if (!started) transferAlert('warning', 'messages.task_exists')
  return started
}
