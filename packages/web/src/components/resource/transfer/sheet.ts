/** SPEC §9 limits of exports and imports. */
export const SHEET_NAME_MAX = 29
export const ROWS_PER_FILE = 100_000
/**
 * Rows of an import chunk at most: SPEC §9's 200 (the server takes up to MAX_IMPORT_ROWS; larger
 * chunks cost the server and the database less per row, see docs/decisions/spa.md, but the specification
 * sets the product's chunk).
 */
export const IMPORT_CHUNK_ROWS = 200
/** Characters of JSON in an import chunk at most: at most 6 MB of UTF-8, under the server's 10 MB body limit. */
export const IMPORT_CHUNK_CHARS = 2_000_000

export type SheetRow = Record<string, unknown>

/** A sheet name: at most 29 characters, without the characters xlsx refuses. */
export function sheetNameOf(name: string): string {
  return name.replace(/[\\/?*[\]:]/g, ' ').slice(0, SHEET_NAME_MAX)
}

/** The file name of an export: the name plus .xlsx (a part number from the second file on). */
export function fileNameOf(name: string, part = 1): string {
  return part > 1 ? `${name}-${part}.xlsx` : `${name}.xlsx`
}

/**
 * Splits an import's rows into chunks of at most `maxRows` rows and `maxChars` characters of JSON
 * (a row longer than that goes alone).
 */
export function importChunks<T>(
  rows: readonly T[],
  maxRows: number = IMPORT_CHUNK_ROWS,
  maxChars: number = IMPORT_CHUNK_CHARS,
): T[][] {
  const chunks: T[][] = []
  let current: T[] = []
  let chars = 0
  for (const row of rows) {
    const size = JSON.stringify(row).length + 1
    if (current.length > 0 && (current.length >= maxRows || chars + size > maxChars)) {
      chunks.push(current)
      current = []
      chars = 0
    }
    current.push(row)
    chars += size
  }
  if (current.length > 0) chunks.push(current)
  return chunks
}

/** A cell as exported: objects and arrays as JSON, nothing as ''. */
export function cellOut(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return value as string | number | boolean
}

/** A cell as imported: text that looks like a JSON object or array is parsed (SPEC §5). */
export function cellIn(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const text = value.trim()
  if ((text.startsWith('{') && text.endsWith('}')) || (text.startsWith('[') && text.endsWith(']'))) {
    try {
      return JSON.parse(text)
    } catch {
      return value
    }
  }
  return value
}

/** Rows of cells (the first being the header of field names) → row objects; empty rows go. */
export function rowsFromCells(cells: readonly (readonly unknown[])[]): SheetRow[] {
  const [header = [], ...body] = cells
  const keys = header.map((key) => String(key ?? '').trim())
  return body
    .filter((line) => line.some((cell) => cell !== null && cell !== undefined && cell !== ''))
    .map((line) => {
      const row: SheetRow = {}
      keys.forEach((key, i) => {
        if (key) row[key] = cellIn(line[i] ?? '')
      })
      return row
    })
}

/** Row objects → rows of cells under the header `keys`. */
export function cellsFromRows(
  keys: readonly string[],
  rows: readonly SheetRow[],
): (string | number | boolean)[][] {
  return rows.map((row) => keys.map((key) => cellOut(row[key])))
}
