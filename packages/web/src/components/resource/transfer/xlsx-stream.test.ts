import { gzipSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import {
  buildXlsx,
  columnName,
  crc32,
  escapeXml,
  fromGzip,
  rowsXml,
  sheetHead,
  sheetPiece,
} from './xlsx-stream'

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
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      id: i + 1,
      name: `名称 ${i + 1}`,
      ok: i % 2 === 0,
      note: i === 2999 ? ' spaced ' : '',
    }))
    const pieces = [
      sheetPiece([sheetHead(keys)]),
      sheetPiece([rowsXml(keys, rows.slice(0, 1000), 2)]),
      sheetPiece([rowsXml(keys, rows.slice(1000, 2000), 1002), rowsXml(keys, rows.slice(2000), 2002)]),
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

it('stores the sheet where the browser cannot deflate, with its CRC computed', async () => {
  const head = sheetPiece([sheetHead(['id'])])
  const blob = await buildXlsx('s', { pieces: [head], size: head.size }, new Date(), async () => null)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(await blob.arrayBuffer())
  expect((workbook.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(['id'])
})
