import { cellOut } from './sheet'

// A sheet's XML, row by row: what the export writes, stores in pieces and deflates (xlsx-stream.ts).

/** Characters XML 1.0 does not allow (control characters other than tab and line breaks, lone surrogates). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** Whatever escapeXml changes: most cells hold none of it and are taken as they are. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/

export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text
  return text
    .replace(CONTROL, '')
    .replace(LONE_SURROGATE, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

/** Excel keeps at most 32,767 characters in a cell. */
const CELL_TEXT_MAX = 32_767

/** Text whose spaces a reader would trim without xml:space="preserve": leading, trailing, line breaks. */
const TRIMMABLE = /^\s|\s$|\n/

function cellXml(ref: string, value: string | number | boolean, style: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"${style}><v>${value}</v></c>`
  if (typeof value === 'boolean') return `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`
  const text = String(value)
  if (text === '') return ''
  const escaped = escapeXml(text.length > CELL_TEXT_MAX ? text.slice(0, CELL_TEXT_MAX) : text)
  const space = TRIMMABLE.test(escaped) ? ' xml:space="preserve"' : ''
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${escaped}</t></is></c>`
}

/** Column letters by index, made as wider rows need them. */
const letters: string[] = []
function columnLetters(count: number): readonly string[] {
  for (let i = letters.length; i < count; i++) letters.push(columnName(i))
  return letters
}

/** One sheet row (1-based `rowNumber`); `bold` uses the header's style. */
export function rowXml(
  rowNumber: number,
  cells: readonly (string | number | boolean)[],
  bold = false,
): string {
  const style = bold ? ' s="1"' : ''
  let xml = `<row r="${rowNumber}">`
  for (let i = 0; i < cells.length; i++) xml += cellXml(`${columnName(i)}${rowNumber}`, cells[i], style)
  return `${xml}</row>`
}

/**
 * Rows of an export as sheet XML, the first of them being sheet row `firstRowNumber`: each row the
 * values of its columns in order (objects and arrays as JSON, nothing as an empty cell).
 */
export function rowsXml(rows: readonly (readonly unknown[])[], firstRowNumber: number): string {
  let xml = ''
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]
    const number = firstRowNumber + i
    const names = columnLetters(row.length)
    xml += `<row r="${number}">`
    for (let k = 0; k < row.length; k++) xml += cellXml(names[k] + number, cellOut(row[k]), '')
    xml += '</row>'
  }
  return xml
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
/** The end of a sheet. */
export const SHEET_TAIL = '</sheetData></worksheet>'

/** The start of a sheet: the XML prologue and the header row of field names. */
export function sheetHead(keys: readonly string[]): string {
  return SHEET_HEAD + rowXml(1, keys, true)
}

const encoder = new TextEncoder()

/** Sheet XML as UTF-8, as it is kept (a piece is a Blob of such bytes) and deflated. */
export function sheetBytes(xml: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(xml) as Uint8Array<ArrayBuffer>
}

/** A piece of the sheet as a Blob of its bytes. */
export function sheetPiece(bytes: readonly Uint8Array<ArrayBuffer>[]): Blob {
  return new Blob(bytes as Uint8Array<ArrayBuffer>[])
}
