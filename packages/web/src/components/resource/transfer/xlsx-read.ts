/**
 * A small xlsx reader for plain sheets — what our exports write and what spreadsheet programs save
 * for a table of texts and numbers — with the browser's own inflate (DecompressionStream): reading
 * 10,000 products took exceljs about a second before the first chunk could go, this a few tens of
 * milliseconds. It answers the first sheet's name and cells as exceljs's reading gives them (texts,
 * numbers, booleans; rich text joined), or null for anything it does not read the same way (dates,
 * formulas, merged cells, errors, escaped characters, zip64, encryption), which exceljs then reads.
 */

export interface PlainSheet {
  sheetName: string
  cells: unknown[][]
}

interface ZipEntry {
  method: number
  size: number
  offset: number
}

const decoder = new TextDecoder()

/** The entries of a zip by name, from its central directory; null when it is not one we read. */
function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let end = -1
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 65_557); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at
      break
    }
  }
  if (end < 0) return null
  const count = view.getUint16(end + 10, true)
  let at = view.getUint32(end + 16, true)
  if (count === 0xffff || at === 0xffffffff) return null
  const entries = new Map<string, ZipEntry>()
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null
    const flags = view.getUint16(at + 8, true)
    const method = view.getUint16(at + 10, true)
    const size = view.getUint32(at + 20, true)
    const nameLength = view.getUint16(at + 28, true)
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
    const offset = view.getUint32(at + 42, true)
    if (flags & 1 || (method !== 0 && method !== 8) || size === 0xffffffff) return null
    entries.set(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)), { method, size, offset })
    at += 46 + skip
  }
  return entries
}

/** An entry's text, inflated by the browser. */
async function entryText(bytes: Uint8Array, entry: ZipEntry): Promise<string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (view.getUint32(entry.offset, true) !== 0x04034b50) throw new Error('not a zip entry')
  const start =
    entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true)
  const data = bytes.subarray(start, start + entry.size)
  if (entry.method === 0) return decoder.decode(data)
  const inflate = new DecompressionStream('deflate-raw')
  const writer = inflate.writable.getWriter()
  writer
    .write(data as Uint8Array<ArrayBuffer>)
    .then(() => writer.close())
    .catch(() => undefined) // met by the reading
  return new Response(inflate.readable).text()
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** XML text with its entities as the characters they stand for. */
function unescapeXml(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole
    const code =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
    return String.fromCodePoint(code)
  })
}

/** The `name="` each attribute asked for is searched by (a sheet asks for a few per cell). */
const attributeKeys = new Map<string, string>()

/** Whether a character code is XML white space (space, tab, line feed, carriage return). */
const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13

/**
 * An attribute of a start tag's text (searched, not matched by a pattern: a sheet of 10,000 rows
 * asks this some 200,000 times, and each match's array was garbage).
 */
function attribute(tag: string, name: string): string | undefined {
  let key = attributeKeys.get(name)
  if (!key) {
    key = `${name}="`
    attributeKeys.set(name, key)
  }
  let at = tag.indexOf(key)
  while (at > 0 && !isSpace(tag.charCodeAt(at - 1))) at = tag.indexOf(key, at + 1)
  if (at <= 0) return undefined
  const start = at + key.length
  const end = tag.indexOf('"', start)
  return end < 0 ? undefined : tag.slice(start, end)
}

/** A string item of one plain run, `<t>…</t>` (most are): its text without a pattern's walk. */
const SINGLE_RUN = /^<t(?:\s[^>]*)?>([^<]*)<\/t>$/

/** The text of a string item (`<si>` or `<is>`): its `<t>` runs joined, phonetic runs left out. */
function itemText(xml: string): string {
  const single = SINGLE_RUN.exec(xml)
  if (single) return unescapeXml(single[1])
  let text = ''
  for (const match of xml
    .replace(/<rPh\b[\s\S]*?<\/rPh>/g, '')
    .matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>|<t\s*\/>/g))
    text += match[1] ?? ''
  return unescapeXml(text)
}

/** Whether a number format shows a date or a time (exceljs reads such cells as dates). */
function isDateFormat(id: number, custom: Map<number, string>): boolean {
  if ((id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58))
    return true
  const code = custom.get(id)
  return code !== undefined && /[ymdhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''))
}

/** The styles (by index) whose number format is a date or a time. */
function dateStyles(styles: string | undefined): Set<number> {
  const dates = new Set<number>()
  if (!styles) return dates
  const custom = new Map<number, string>()
  for (const match of styles.matchAll(/<numFmt\s[^>]*>/g)) {
    const id = Number(attribute(match[0], 'numFmtId'))
    custom.set(id, unescapeXml(attribute(match[0], 'formatCode') ?? ''))
  }
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? ''
  let index = 0
  for (const match of xfs.matchAll(/<xf\s[^>]*>/g)) {
    if (isDateFormat(Number(attribute(match[0], 'numFmtId') ?? 0), custom)) dates.add(index)
    index += 1
  }
  return dates
}

/** A column's index from a cell reference's letters: A → 0, AA → 26. */
function columnIndex(reference: string): number {
  let index = 0
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i)
    if (code < 65 || code > 90) break
    index = index * 26 + code - 64
  }
  return index - 1
}

/** Marks a sheet this reader does not read as exceljs does. */
class NotPlain extends Error {}

/** A cell's value text when its body is only `<v>…</v>` (a sheet's usual cell), else undefined. */
function plainValue(body: string): string | undefined {
  if (!body.startsWith('<v>') || !body.endsWith('</v>')) return undefined
  const raw = body.slice(3, -4)
  return raw.includes('<') ? undefined : raw
}

/**
 * The rows of a sheet's XML as cells, as exceljs's reading gives them: one walk over the sheet's
 * rows' starts and ends and its cells (not a walk of each row's text).
 */
function sheetCells(xml: string, shared: readonly string[], dates: Set<number>): unknown[][] {
  if (/<mergeCell\b/.test(xml)) throw new NotPlain()
  const cells: unknown[][] = []
  let values: unknown[] | null = null
  let column = 0
  for (const part of xml.matchAll(/<row\b[^>]*?(\/)?>|<\/row>|<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const tag = part[2]
    if (tag === undefined) {
      if (part[0].startsWith('</')) {
        if (values && values.length > 0) cells.push(Array.from(values))
        values = null
      } else {
        values = part[1] ? null : [] // a row of no cells (`<row …/>`) adds none
        column = 0
      }
      continue
    }
    if (!values) continue // a cell outside a row
    const reference = attribute(tag, 'r')
    if (reference) column = columnIndex(reference)
    const body = part[3] ?? ''
    const type = attribute(tag, 't') ?? 'n'
    let raw = plainValue(body)
    if (raw === undefined) {
      if (body.includes('<f')) throw new NotPlain()
      raw = /<v>([^<]*)<\/v>/.exec(body)?.[1]
    }
    let value: unknown
    if (type === 'inlineStr') value = itemText(/<is>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? '')
    else if (raw === undefined) value = undefined
    else if (type === 's') value = shared[Number(raw)]
    else if (type === 'b') value = raw === '1'
    else if (type === 'n') {
      if (dates.size > 0 && dates.has(Number(attribute(tag, 's') ?? 0))) throw new NotPlain()
      value = Number.parseFloat(raw)
    } else throw new NotPlain() // str (a formula's text), e (an error), d (a date)
    if (typeof value === 'string' && value.includes('_x') && /_x[0-9a-fA-F]{4}_/.test(value))
      throw new NotPlain()
    if (value !== undefined && value !== '') values[column] = value
    column += 1
  }
  return cells
}

/** The first sheet of an xlsx file, or null when exceljs is to read it (see above). */
export async function readPlainXlsx(file: Blob): Promise<PlainSheet | null> {
  if (typeof DecompressionStream === 'undefined') return null
  try {
    const bytes = new Uint8Array(await file.arrayBuffer())
    const entries = zipEntries(bytes)
    if (!entries) return null
    const text = async (name: string) => {
      const entry = entries.get(name)
      return entry ? entryText(bytes, entry) : undefined
    }
    const workbook = await text('xl/workbook.xml')
    const sheetTag = workbook && /<sheet\s[^>]*>/.exec(workbook)?.[0]
    if (!sheetTag) return null
    const relationId = attribute(sheetTag, 'r:id')
    const relations = (await text('xl/_rels/workbook.xml.rels')) ?? ''
    const relation = [...relations.matchAll(/<Relationship\s[^>]*>/g)]
      .map((match) => match[0])
      .find((tag) => attribute(tag, 'Id') === relationId)
    const target = relation ? attribute(relation, 'Target') : undefined
    if (!target) return null
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`
    const sheet = await text(path)
    if (sheet === undefined) return null
    const sharedXml = (await text('xl/sharedStrings.xml')) ?? ''
    const shared = [...sharedXml.matchAll(/<si>([\s\S]*?)<\/si>|<si\s*\/>/g)].map((match) =>
      itemText(match[1] ?? ''),
    )
    const cells = sheetCells(sheet, shared, dateStyles(await text('xl/styles.xml')))
    return { sheetName: unescapeXml(attribute(sheetTag, 'name') ?? ''), cells }
  } catch {
    return null // NotPlain, or a file that is not an xlsx: exceljs reads it, or says why not
  }
}
