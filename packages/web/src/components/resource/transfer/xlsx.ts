import { i18n } from '../../../i18n/i18n'
import { pushAlert } from '../../../state/alerts'
import { cellsFromRows, fileNameOf, type SheetRow, sheetNameOf } from './sheet'
import { readPlainXlsx } from './xlsx-read'

type ExcelModule = typeof import('exceljs')

let loading: Promise<ExcelModule> | null = null

/** exceljs, in a chunk of its own loaded on first use (never part of the first page). */
export function loadExcel(): Promise<ExcelModule> {
  loading ??= import('exceljs')
    .then((module) => ((module as { default?: ExcelModule }).default ?? module) as ExcelModule)
    .catch((error: unknown) => {
      loading = null
      pushAlert({ show: true, type: 'danger', message: i18n.t('messages.xlsx_not_loaded') })
      throw error
    })
  return loading
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Writes rows (under a header of field names) into `<name>.xlsx` and hands it to the browser. */
export async function downloadXlsx(
  name: string,
  keys: readonly string[],
  rows: readonly SheetRow[],
  part = 1,
  /** The header of each column (the keys when absent). */
  headers: readonly string[] = keys,
) {
  const ExcelJS = await loadExcel()
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(sheetNameOf(name))
  sheet.addRow([...headers])
  sheet.addRows(cellsFromRows(keys, rows))
  sheet.getRow(1).font = { bold: true }
  const buffer = await workbook.xlsx.writeBuffer()
  saveBlob(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    fileNameOf(name, part),
  )
}

export interface ReadSheet {
  sheetName: string
  cells: unknown[][]
}

function plainCell(value: unknown): unknown {
  if (value && typeof value === 'object') {
    const cell = value as { text?: string; result?: unknown; richText?: { text: string }[] }
    if (value instanceof Date) return value.toISOString()
    if (cell.richText) return cell.richText.map((part) => part.text).join('')
    if ('result' in cell) return cell.result
    if (cell.text !== undefined) return cell.text
  }
  return value
}

/**
 * The first sheet of an xlsx file: its name and its cells row by row; a plain sheet read by our own
 * reader (xlsx-read.ts), any other by exceljs.
 */
export async function readXlsx(file: Blob): Promise<ReadSheet> {
  const plain = await readPlainXlsx(file)
  if (plain) return plain
  const ExcelJS = await loadExcel()
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(await file.arrayBuffer())
  const sheet = workbook.worksheets[0]
  if (!sheet) return { sheetName: '', cells: [] }
  const cells: unknown[][] = []
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as unknown[]
    cells.push(values.slice(1).map(plainCell))
  })
  return { sheetName: sheet.name, cells }
}
