/** SPEC §9 limits of exports and imports. */
export const SHEET_NAME_MAX = 29
export const ROWS_PER_FILE = 100_000
export const IMPORT_CHUNK_SIZE = 200

export type SheetRow = Record<string, unknown>

/** A sheet name: at most 29 characters, without the characters xlsx refuses. */
export function sheetNameOf(name: string): string {
  return name.replace(/[\\/?*[\]:]/g, ' ').slice(0, SHEET_NAME_MAX)
}

/** The file name of an export: the name plus .xlsx (a part number from the second file on). */
export function fileNameOf(name: string, part = 1): string {
  return part > 1 ? `${name}-${part}.xlsx` : `${name}.xlsx`
}

/** Splits a list into pieces of `size` (the last may be shorter). */
export function chunk<T>(items: readonly T[], size: number = IMPORT_CHUNK_SIZE): T[][] {
  const pieces: T[][] = []
  for (let i = 0; i < items.length; i += size) pieces.push(items.slice(i, i + size))
  return pieces
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
