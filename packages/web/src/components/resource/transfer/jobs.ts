import { http, type Params } from '../../../api/http'
import { i18n } from '../../../i18n/i18n'
import { pushAlert } from '../../../state/alerts'
import { showModal } from '../../../state/modal'
import { chunk, ROWS_PER_FILE, rowsFromCells, type SheetRow, sheetNameOf } from './sheet'
import { startTask, type TaskJob } from './task-store'
import { downloadXlsx, readXlsx } from './xlsx'

interface ExportPage {
  current_page: number
  last_page: number
  max_id: number
  data: SheetRow[]
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
}

const alert = (type: 'success' | 'danger' | 'warning', key: string, values?: Record<string, unknown>) =>
  pushAlert({ show: true, type, message: i18n.t(key, values) })

/** Creates the job of an export: page after page (keyset by max_id), a file every 100000 rows. */
export function exportJob(
  options: ExportOptions,
  fetchPage = fetchExportPage,
  write = downloadXlsx,
): TaskJob {
  let page = 1
  let lastPage = 1
  let maxId = 0
  let part = 1
  let rows: SheetRow[] = []
  return {
    model: 0,
    async next() {
      const answer = await fetchPage(options.url, { ...options.params, page, max_id: maxId || undefined })
      // The first page's last_page stands: rows added meanwhile do not make the export endless.
      if (page === 1) lastPage = Math.max(1, answer.last_page)
      maxId = answer.max_id ?? maxId
      rows = rows.concat(answer.data ?? [])
      page += 1
      if (rows.length >= ROWS_PER_FILE) {
        await write(options.name, options.keys, rows.slice(0, ROWS_PER_FILE), part)
        rows = rows.slice(ROWS_PER_FILE)
        part += 1
      }
      return page > lastPage || (answer.data ?? []).length === 0
    },
    progress: () => Math.min(100, Math.round(((page - 1) / lastPage) * 100)),
    async finish() {
      if (rows.length > 0 || part === 1) await write(options.name, options.keys, rows, part)
      alert('success', 'messages.download_success')
    },
    fail: () => alert('danger', 'messages.download_error'),
  }
}

export function fetchExportPage(url: string, params: Params): Promise<ExportPage> {
  return http.get<ExportPage>(url, params)
}

/** Starts an export, unless a task already runs. */
export function startExport(options: ExportOptions): boolean {
  if (!options.url) {
    alert('danger', 'messages.no_export_url')
    return false
  }
  const started = startTask(exportJob(options))
  if (!started) alert('warning', 'messages.task_exists')
  return started
}

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
  rows: SheetRow[]
  onDone?: () => void
}

/** Creates the job of an import: chunks of 200 rows sent one by one, failed rows collected. */
export function importJob(options: ImportOptions, send = sendImportChunk, write = downloadXlsx): TaskJob {
  const chunks = chunk(options.rows)
  let index = 0
  let imported = 0
  const failed: SheetRow[] = []
  return {
    model: 1,
    async next() {
      if (chunks.length === 0) return true
      const answer = await send(options.url, chunks[index])
      imported += answer.imported ?? 0
      failed.push(...(answer.errors ?? []))
      index += 1
      return index >= chunks.length
    },
    progress: () => (chunks.length === 0 ? 100 : Math.round((index / chunks.length) * 100)),
    finish() {
      options.onDone?.()
      if (failed.length === 0) {
        alert('success', 'messages.import_success')
        return
      }
      showModal({
        title: i18n.t('http.prompt'),
        content: i18n.t('messages.import_partial', { success_number: imported, error_number: failed.length }),
        onOk: () => void write(i18n.t('messages.wrong_data'), [...options.keys, 'error'], failed),
      })
    },
    fail: () => alert('danger', 'messages.import_error'),
  }
}

export function sendImportChunk(url: string, datas: SheetRow[]): Promise<ImportAnswer> {
  return http.post<ImportAnswer>(url, { datas })
}

/** Reads an xlsx file and starts its import; refuses other files and other templates. */
export async function startImport(file: File, options: Omit<ImportOptions, 'rows'>): Promise<boolean> {
  if (!/\.xlsx$/i.test(file.name)) {
    alert('danger', 'messages.wrong_template')
    return false
  }
  const sheet = await readXlsx(file)
  if (sheet.sheetName !== sheetNameOf(options.name)) {
    alert('danger', 'messages.wrong_template')
    return false
  }
  const started = startTask(importJob({ ...options, rows: rowsFromCells(sheet.cells) }))
  if (!started) alert('warning', 'messages.task_exists')
  return started
}
