import { sheetNameOf } from './sheet'
import { type Deflated, deflateBlob } from './sheet-deflate'
import { escapeXml, SHEET_TAIL } from './sheet-xml'

/**
 * A small streaming xlsx writer: the sheet's rows become XML text piece by piece, each piece is kept
 * as a Blob made straight from the strings (the browser encodes them; in IndexedDB while a task
 * runs) and the file is assembled from the pieces at the end, so no workbook is ever held in memory.
 * The sheet is deflated once, at the end, by the browser's CompressionStream as gzip, whose trailer
 * gives the CRC-32 the zip needs: no byte of the sheet passes through JavaScript. The sheet's XML is
 * written in sheet-xml.ts, deflated in sheet-deflate.ts; here the zip around it is built.
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

const encoder = new TextEncoder()

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
