import { cellOut, sheetNameOf } from './sheet'

/**
 * A small streaming xlsx writer: the sheet's rows become XML text piece by piece, each piece is kept
 * as a Blob made straight from the strings (the browser encodes them; in IndexedDB while a task
 * runs) and the file is assembled from the pieces at the end, so no workbook is ever held in memory.
 * The sheet is deflated once, at the end, by the browser's CompressionStream as gzip, whose trailer
 * gives the CRC-32 the zip needs: no byte of the sheet passes through JavaScript.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

/** Continues a CRC-32 (start with 0) over more bytes. */
export function crc32(bytes: Uint8Array, previous = 0): number {
  let crc = ~previous >>> 0
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8)
  return ~crc >>> 0
}

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
const SHEET_TAIL = '</sheetData></worksheet>'

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

function staticParts(sheetName: string): [string, string][] {
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
  return [
    [
      '[Content_Types].xml',
      `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${xml}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetNameOf(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `${xml}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
    ],
  ]
}

/** The sheet part as written so far: its pieces (the head included) and size in bytes. */
export interface SheetPieces {
  pieces: readonly Blob[]
  size: number
}

function dosDateTime(date: Date): [number, number] {
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2)
  const day = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate()
  return [time, day]
}

/** A deflated part: the raw deflate data and the CRC-32 of what was deflated. */
export interface Deflated {
  data: Blob
  crc: number
}

/**
 * The raw deflate data and CRC-32 of a gzip member (RFC 1952): the header (10 bytes, more when it
 * names a file or carries extras, which CompressionStream's does not) and the 8-byte trailer
 * (CRC-32, size) around the deflate data. Null when the header is not a plain one.
 */
export async function fromGzip(gzip: Blob): Promise<Deflated | null> {
  if (gzip.size < 18) return null
  const head = new Uint8Array(await gzip.slice(0, 10).arrayBuffer())
  if (head[0] !== 0x1f || head[1] !== 0x8b || head[2] !== 8 || head[3] !== 0) return null
  const trailer = new DataView(await gzip.slice(gzip.size - 8).arrayBuffer())
  return { data: gzip.slice(10, gzip.size - 8), crc: trailer.getUint32(0, true) }
}

/**
 * Deflates a Blob with the browser's CompressionStream (native code, streamed from the Blob, which
 * may live on disk), or answers null where there is none.
 */
export async function deflateBlob(blob: Blob): Promise<Deflated | null> {
  if (typeof CompressionStream === 'undefined' || typeof blob.stream !== 'function') return null
  try {
    return await fromGzip(await new Response(blob.stream().pipeThrough(new CompressionStream('gzip'))).blob())
  } catch {
    return null
  }
}

/** Deflated bytes gathered into one Blob at a time. */
const GATHER_BYTES = 4 * 1024 * 1024

/** What a sheet's deflate is given: rows (built into XML there) or XML text (the head, the tail). */
export type SheetInput = { rows: readonly (readonly unknown[])[]; first: number } | { xml: string }

/** A sheet being deflated from its parts, written in order. */
export interface SheetSink {
  /** Resolves with the part's bytes as a Blob (for the stored pieces) once they are taken in. */
  write(input: SheetInput): Promise<Blob>
  /** Ends the input and answers the whole gzip. */
  close(): Promise<Blob>
  abort(): void
}

/** The output of a stream gathered into Blobs a few MB at a time (out of the tab's heap). */
async function gather(readable: ReadableStream<Uint8Array>): Promise<Blob> {
  const reader = readable.getReader()
  const blobs: Blob[] = []
  let chunks: Uint8Array<ArrayBuffer>[] = []
  let held = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value as Uint8Array<ArrayBuffer>)
    held += value.length
    if (held >= GATHER_BYTES) {
      blobs.push(new Blob(chunks))
      chunks = []
      held = 0
    }
  }
  return new Blob([...blobs, ...chunks])
}

/** A part's XML: its rows built, or the text given. */
export const sheetXml = (input: SheetInput) => ('xml' in input ? input.xml : rowsXml(input.rows, input.first))

/**
 * A sheet deflated on this thread: each part built into XML, encoded, and given to a gzip
 * CompressionStream (the deflate worker runs one of these).
 */
export function sheetStream(): SheetSink {
  const stream = new CompressionStream('gzip')
  const writer = stream.writable.getWriter()
  const gzip = gather(stream.readable)
  gzip.catch(() => undefined) // met by close
  return {
    async write(input) {
      const bytes = sheetBytes(sheetXml(input))
      const blob = new Blob([bytes])
      await writer.write(bytes)
      return blob
    },
    close: async () => {
      await writer.close()
      return gzip
    },
    abort: () => void writer.abort().catch(() => undefined),
  }
}

interface Waiting<T> {
  resolve(value: T): void
  reject(error: unknown): void
}

/**
 * A sheet deflated in a Web Worker (`deflate-worker.ts`): the rows are sent there, built into XML,
 * encoded and deflated on another thread while this one reads the next page; each part comes back
 * as a Blob of its bytes. Null where there are no workers.
 */
function workerSheet(): SheetSink | null {
  if (typeof Worker === 'undefined') return null
  let worker: Worker
  try {
    worker = new Worker(new URL('./deflate-worker.ts', import.meta.url), { type: 'module' })
  } catch {
    return null
  }
  const writes: Waiting<Blob>[] = []
  let closing: Waiting<Blob> | null = null
  /** Why the worker stopped: later writes and the close fail at once. */
  let failure: unknown = null
  const failAll = (error: unknown) => {
    failure ??= error
    for (const waiting of writes.splice(0)) waiting.reject(error)
    closing?.reject(error)
    closing = null
    worker.terminate()
  }
  worker.onmessage = (event: MessageEvent<{ part?: Blob; gzip?: Blob; error?: string }>) => {
    const message = event.data
    if (message.part) writes.shift()?.resolve(message.part)
    else if (message.gzip) {
      closing?.resolve(message.gzip)
      closing = null
      worker.terminate()
    } else failAll(new Error(message.error ?? 'deflate failed'))
  }
  worker.onerror = (event) => {
    event.preventDefault()
    failAll(new Error(event.message || 'deflate worker failed'))
  }
  return {
    write: (input) =>
      new Promise<Blob>((resolve, reject) => {
        if (failure) return reject(failure)
        writes.push({ resolve, reject })
        worker.postMessage({ write: input })
      }),
    close: () =>
      new Promise<Blob>((resolve, reject) => {
        if (failure) return reject(failure)
        closing = { resolve, reject }
        worker.postMessage({ finish: true })
      }),
    abort: () => failAll(new Error('aborted')),
  }
}

/** A sheet deflated while it is written (see `liveDeflate`). */
export interface LiveDeflate {
  /** Resolves when at most one part is still being taken in (what is queued stays small). */
  ready(): Promise<void>
  /**
   * The sheet's next rows, in order: answers their bytes as a Blob, built where the deflate runs,
   * or on this thread if the deflate failed (the rows are never lost with it).
   */
  write(rows: readonly (readonly unknown[])[], first: number): Promise<Blob>
  /** Writes the sheet's closing tags and answers the deflated sheet (null if deflating failed). */
  finish(): Promise<Deflated | null>
  /** Drops the deflate (the part is given up). */
  abort(): void
}

/**
 * The sheet deflated as it is written, from its head on: each page's rows go to a Web Worker where
 * there is one (else to a CompressionStream on this thread) as they come, so a file needs no pass
 * over its bytes at the end, and the XML, its encoding and the deflate run beside the page's thread.
 * Null where the browser cannot deflate.
 */
export function liveDeflate(
  head: string,
  sink: SheetSink | null = typeof CompressionStream === 'undefined' ? null : (workerSheet() ?? sheetStream()),
): LiveDeflate | null {
  if (!sink) return null
  let failed = false
  const fail = () => {
    failed = true
  }
  const writes: Promise<unknown>[] = []
  const send = (input: SheetInput) => {
    const part = sink.write(input)
    part.catch(fail)
    writes.push(part)
    return part
  }
  send({ xml: head })
  return {
    async ready() {
      while (writes.length > 1) await writes.shift()?.catch(fail)
    },
    write: (rows, first) => send({ rows, first }).catch(() => new Blob([sheetBytes(rowsXml(rows, first))])),
    async finish() {
      send({ xml: SHEET_TAIL })
      const gzip = await sink.close().catch(() => null)
      return failed || !gzip ? null : fromGzip(gzip)
    },
    abort: () => sink.abort(),
  }
}

/** The CRC-32 of a Blob, read a few MB at a time (only where the browser cannot deflate). */
async function crc32OfBlob(blob: Blob): Promise<number> {
  let crc = 0
  const step = 4 * 1024 * 1024
  for (let at = 0; at < blob.size; at += step)
    crc = crc32(new Uint8Array(await blob.slice(at, at + step).arrayBuffer()), crc)
  return crc
}

interface ZipEntry {
  name: Uint8Array<ArrayBuffer>
  crc: number
  /** Bytes before and after compression; method 0 stored, 8 deflated. */
  size: number
  stored: number
  method: number
  data: BlobPart[]
}

/**
 * The xlsx file: the static parts, then the sheet from its pieces and the closing tags, deflated
 * where the browser can (an uncompressed sheet is about ten times larger), stored otherwise.
 */
export async function buildXlsx(
  sheetName: string,
  sheet: SheetPieces,
  now = new Date(),
  deflate: (blob: Blob) => Promise<Deflated | null> = deflateBlob,
): Promise<Blob> {
  const entries: ZipEntry[] = staticParts(sheetName).map(([name, text]) => {
    const bytes = encoder.encode(text) as Uint8Array<ArrayBuffer>
    const entry = { crc: crc32(bytes), size: bytes.length, stored: bytes.length, method: 0, data: [bytes] }
    return { ...entry, name: encoder.encode(name) as Uint8Array<ArrayBuffer> }
  })
  const raw = new Blob([...sheet.pieces, SHEET_TAIL])
  const deflated = await deflate(raw)
  entries.push({
    name: encoder.encode('xl/worksheets/sheet1.xml') as Uint8Array<ArrayBuffer>,
    crc: deflated ? deflated.crc : await crc32OfBlob(raw),
    size: raw.size,
    stored: deflated ? deflated.data.size : raw.size,
    method: deflated ? 8 : 0,
    data: [deflated ? deflated.data : raw],
  })
  const [time, day] = dosDateTime(now)
  const parts: BlobPart[] = []
  const central: Uint8Array<ArrayBuffer>[] = []
  let offset = 0
  for (const entry of entries) {
    const local = new DataView(new ArrayBuffer(30))
    local.setUint32(0, 0x04034b50, true)
    local.setUint16(4, 20, true)
    local.setUint16(6, 0x0800, true) // names in UTF-8
    local.setUint16(8, entry.method, true) // 0 stored, 8 deflated
    local.setUint16(10, time, true)
    local.setUint16(12, day, true)
    local.setUint32(14, entry.crc, true)
    local.setUint32(18, entry.stored, true)
    local.setUint32(22, entry.size, true)
    local.setUint16(26, entry.name.length, true)
    local.setUint16(28, 0, true)
    parts.push(local.buffer, entry.name, ...entry.data)
    const header = new DataView(new ArrayBuffer(46))
    header.setUint32(0, 0x02014b50, true)
    header.setUint16(4, 20, true)
    header.setUint16(6, 20, true)
    header.setUint16(8, 0x0800, true)
    header.setUint16(10, entry.method, true)
    header.setUint16(12, time, true)
    header.setUint16(14, day, true)
    header.setUint32(16, entry.crc, true)
    header.setUint32(20, entry.stored, true)
    header.setUint32(24, entry.size, true)
    header.setUint16(28, entry.name.length, true)
    header.setUint32(42, offset, true)
    central.push(new Uint8Array(header.buffer), entry.name)
    offset += 30 + entry.name.length + entry.stored
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0)
  const end = new DataView(new ArrayBuffer(22))
  end.setUint32(0, 0x06054b50, true)
  end.setUint16(8, entries.length, true)
  end.setUint16(10, entries.length, true)
  end.setUint32(12, centralSize, true)
  end.setUint32(16, offset, true)
  return new Blob([...parts, ...central, end.buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  })
}
