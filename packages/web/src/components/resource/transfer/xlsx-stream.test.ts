import { gzipSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { fromGzip, liveDeflate } from './sheet-deflate'
import { columnName, escapeXml, rowsXml, sheetBytes, sheetHead, sheetPiece } from './sheet-xml'
import { buildXlsx, crc32 } from './xlsx-stream'

const piece = (...xml: string[]) => sheetPiece(xml.map(sheetBytes))

describe('streaming xlsx writer', () => {
  it('names columns and escapes text for XML, dropping what XML cannot hold', () => {
    expect([0, 25, 26, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA'])
    expect(escapeXml('a<b>&"c"\u0001\ud800x')).toBe('a&lt;b&gt;&amp;&quot;c&quot;x')
  })

  it('carries the CRC-32 from piece to piece, and reads it from a gzip trailer', async () => {
    const bytes = new TextEncoder().encode('The quick brown fox jumps over the lazy dog')
    expect(crc32(bytes)).toBe(0x414fa339)
    expect(crc32(bytes.slice(10), crc32(bytes.slice(0, 10)))).toBe(0x414fa339)
    expect((await fromGzip(new Blob([gzipSync(bytes)])))?.crc).toBe(0x414fa339)
    expect(await fromGzip(new Blob([bytes]))).toBeNull()
  })

  it('assembles a deflated xlsx from pieces that exceljs reads back', async () => {
    const keys = ['id', 'name', 'ok', 'note']
    const rows = Array.from({ length: 3000 }, (_, i) => [
      i + 1,
      `名称 ${i + 1}`,
      i % 2 === 0,
      i === 2999 ? ' spaced ' : '',
    ])
    const pieces = [
      piece(sheetHead(keys)),
      piece(rowsXml(rows.slice(0, 1000), 2)),
      piece(rowsXml(rows.slice(1000, 2000), 1002), rowsXml(rows.slice(2000), 2002)),
    ]
    const size = pieces.reduce((sum, piece) => sum + piece.size, 0)
    const blob = await buildXlsx(
      'a/b:c',
      { pieces, size },
      new Date(),
      // gzip by zlib here, by CompressionStream in the browser; its trailer gives the CRC.
      async (raw) => fromGzip(new Blob([gzipSync(Buffer.from(await raw.arrayBuffer()))])),
    )
    expect(blob.size).toBeLessThan(size / 4)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await blob.arrayBuffer())
    const sheet = workbook.worksheets[0]
    expect(sheet.name).toBe('a b c')
    expect(sheet.rowCount).toBe(3001)
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(keys)
    expect((sheet.getRow(3001).values as unknown[]).slice(1)).toEqual([3000, '名称 3000', false, ' spaced '])
  })
})

it('writes objects and arrays as JSON and leaves nothing as no cell', () => {
  expect(rowsXml([[1, null, { a: '<b>' }, [1, 2], undefined, 'x']], 7)).toBe(
    '<row r="7"><c r="A7"><v>1</v></c><c r="C7" t="inlineStr"><is><t>{&quot;a&quot;:&quot;&lt;b&gt;&quot;}</t></is></c>' +
      '<c r="D7" t="inlineStr"><is><t>[1,2]</t></is></c><c r="F7" t="inlineStr"><is><t>x</t></is></c></row>',
  )
})

it("deflates the sheet as it is written, answering each part's bytes for the stored pieces", async () => {
  const keys = ['id', 'name']
  const live = liveDeflate(sheetHead(keys))
  // CompressionStream is the browser's (and Node's): where it is missing the pieces are deflated at the end.
  if (!live) return expect(typeof CompressionStream).toBe('undefined')
  const pages = [
    {
      rows: [
        [1, '一'],
        [2, 'two'],
      ],
      first: 2,
    },
    { rows: [[3, 'three']], first: 4 },
  ]
  const parts: Blob[] = [piece(sheetHead(keys))]
  for (const { rows, first } of pages) {
    await live.ready()
    parts.push(await live.write(rows, first))
  }
  expect(await parts[2].text()).toBe(rowsXml([[3, 'three']], 4))
  const deflated = await live.finish()
  const blob = await buildXlsx('s', { pieces: parts, size: 0 }, new Date(), async () => deflated)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(await blob.arrayBuffer())
  const sheet = workbook.worksheets[0]
  expect(sheet.rowCount).toBe(4)
  expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual([2, 'two'])
  // The same bytes as the pieces: the CRC of head, rows and tail.
  expect(deflated?.crc).toBe(
    crc32(new Uint8Array(await new Blob([...parts, '</sheetData></worksheet>']).arrayBuffer())),
  )
})

it('builds the rows here when the deflate failed, and answers no deflated sheet without waiting', async () => {
  const gone = () => Promise.reject(new Error('worker gone'))
  const live = liveDeflate('<head>', { write: gone, close: gone, abort: () => undefined })
  const part = await live?.write([[5, 'five']], 2)
  expect(await part?.text()).toBe(rowsXml([[5, 'five']], 2))
  await live?.ready()
  expect(await live?.finish()).toBeNull()
})

it('stores the sheet where the browser cannot deflate, with its CRC computed', async () => {
  const head = piece(sheetHead(['id']))
  const blob = await buildXlsx('s', { pieces: [head], size: head.size }, new Date(), async () => null)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(await blob.arrayBuffer())
  expect((workbook.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(['id'])
})
