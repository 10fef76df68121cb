import { deflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { buildXlsx, columnName, crc32, encodePiece, escapeXml, rowsXml, sheetHead } from './xlsx-stream'

describe('streaming xlsx writer', () => {
  it('names columns and escapes text for XML, dropping what XML cannot hold', () => {
    expect([0, 25, 26, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA'])
    expect(escapeXml('a<b>&"c"\u0001\ud800x')).toBe('a&lt;b&gt;&amp;&quot;c&quot;x')
  })

  it('carries the CRC-32 from piece to piece', () => {
    const bytes = new TextEncoder().encode('The quick brown fox jumps over the lazy dog')
    expect(crc32(bytes)).toBe(0x414fa339)
    expect(crc32(bytes.slice(10), crc32(bytes.slice(0, 10)))).toBe(0x414fa339)
  })

  it('assembles a deflated xlsx from pieces that exceljs reads back', async () => {
    const keys = ['id', 'name', 'ok']
    const head = encodePiece(sheetHead(keys), 0, 0)
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      id: i + 1,
      name: `名称 ${i + 1}`,
      ok: i % 2 === 0,
    }))
    const first = encodePiece(rowsXml(keys, rows.slice(0, 1000), 2), head.crc, head.size)
    const second = encodePiece(rowsXml(keys, rows.slice(1000), 1002), first.crc, first.size)
    const blob = await buildXlsx(
      'a/b:c',
      {
        pieces: [head, first, second].map((p) => new Blob([p.bytes])),
        crc: second.crc,
        size: second.size,
      },
      new Date(),
      async (raw) => new Blob([deflateRawSync(Buffer.from(await raw.arrayBuffer()))]),
    )
    // Deflated (by zlib here, by CompressionStream in the browser): far smaller than the sheet's XML.
    expect(blob.size).toBeLessThan(second.size / 4)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await blob.arrayBuffer())
    const sheet = workbook.worksheets[0]
    expect(sheet.name).toBe('a b c')
    expect(sheet.rowCount).toBe(3001)
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(keys)
    expect((sheet.getRow(3001).values as unknown[]).slice(1)).toEqual([3000, '名称 3000', false])
  })
})

it('stores the sheet where the browser cannot deflate', async () => {
  const head = encodePiece(sheetHead(['id']), 0, 0)
  const blob = await buildXlsx(
    's',
    { pieces: [new Blob([head.bytes])], crc: head.crc, size: head.size },
    new Date(),
    async () => null,
  )
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(await blob.arrayBuffer())
  expect((workbook.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(['id'])
})
