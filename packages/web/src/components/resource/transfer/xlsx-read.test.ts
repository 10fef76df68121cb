import { deflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { rowsXml, sheetBytes, sheetHead, sheetPiece } from './sheet-xml'
import { readPlainXlsx } from './xlsx-read'
import { buildXlsx, crc32 } from './xlsx-stream'

const keys = ['id', 'name', 'status', 'year_ids', 'note', 'flag']
const rows: unknown[][] = [
  [1, '中国人寿 A&B <1>', 1, '[1,2]', '  spaced  ', true],
  [2, 'line\nbreak "quoted"', 0, '', "it's", false],
  [3, '', 2.5, '[]', '😀 emoji', ''],
]

/** The first sheet as exceljs reads it (what readXlsx answered before): name and cells. */
async function readWithExcelJs(file: Blob) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(await file.arrayBuffer())
  const sheet = workbook.worksheets[0]
  const cells: unknown[][] = []
  sheet.eachRow({ includeEmpty: false }, (row) => {
    cells.push(
      (row.values as unknown[])
        .slice(1)
        .map((v) =>
          v && typeof v === 'object' && 'richText' in v
            ? (v as { richText: { text: string }[] }).richText.map((p) => p.text).join('')
            : v,
        ),
    )
  })
  return { sheetName: sheet.name, cells }
}

/** Cells as an import uses them: holes, undefined and '' are all an empty cell, trailing ones none. */
const asImported = (cells: unknown[][]) =>
  cells.map((line) => {
    const row = Array.from(line, (cell) => cell ?? '')
    while (row.length > 0 && row[row.length - 1] === '') row.pop()
    return row
  })

/** An xlsx file of one sheet, `products`, of the given sheet XML (its closing tags added), as our export writes one. */
function xlsxOf(sheet: Blob) {
  return buildXlsx('products', { pieces: [sheet], size: sheet.size }, new Date(), async (blob) => {
    const bytes = new Uint8Array(await blob.arrayBuffer())
    return { data: new Blob([deflateRawSync(bytes)]), crc: crc32(bytes) }
  })
}

async function exceljsFile(fill: (sheet: ExcelJS.Worksheet) => void, useSharedStrings = true) {
  const workbook = new ExcelJS.Workbook()
  fill(workbook.addWorksheet('products'))
  const buffer = await workbook.xlsx.writeBuffer({ useSharedStrings } as never)
  return new Blob([buffer])
}

describe('plain xlsx reader', () => {
  it('reads our own export as exceljs does', async () => {
    const file = await xlsxOf(sheetPiece([sheetBytes(sheetHead(keys)), sheetBytes(rowsXml(rows, 2))]))
    const plain = await readPlainXlsx(file)
    const excel = await readWithExcelJs(file)
    expect(plain?.sheetName).toBe('products')
    expect(asImported(plain?.cells ?? [])).toEqual(asImported(excel.cells))
    expect(plain?.cells[1]).toEqual([1, '中国人寿 A&B <1>', 1, '[1,2]', '  spaced  ', true])
  })

  it('reads a workbook of shared strings and one of inline strings as exceljs does', async () => {
    for (const shared of [true, false]) {
      const file = await exceljsFile((sheet) => {
        sheet.addRow(keys)
        for (const row of rows) sheet.addRow(row)
        sheet.getRow(1).font = { bold: true }
        sheet.getCell('H6').value = 'far away'
        sheet.getCell('B7').value = { richText: [{ text: 'rich ' }, { text: 'text', font: { bold: true } }] }
      }, shared)
      const plain = await readPlainXlsx(file)
      const excel = await readWithExcelJs(file)
      expect(plain?.sheetName).toBe(excel.sheetName)
      expect(asImported(plain?.cells ?? [])).toEqual(asImported(excel.cells))
    }
  })

  it('reads rows and cells written in other shapes as exceljs does', async () => {
    const xml = [
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
      // attributes in either order; a cell without a reference follows the one before it
      '<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c><c t="inlineStr" r="B1"><is><t>b</t></is></c>',
      '<c t="inlineStr"><is><t>c</t></is></c></row>',
      // a row of no cells, and one whose cells are all empty
      '<row r="2" spans="1:3"/><row r="3"><c r="A3"/><c r="B3" t="inlineStr"><is><t></t></is></c></row>',
      // an attribute whose name ends in another's ("xr" before "r"), a boolean, a number's spaces
      '<row r="4"><c xr="Z9" r="B4"><v>7</v></c><c r="C4" t="b"><v>1</v></c><c r="D4"><v>2.5</v></c></row>',
      // a string of runs, with entities
      '<row r="5"><c r="A5" t="inlineStr"><is><r><t>x &amp;</t></r><r><t xml:space="preserve"> y</t></r></is></c>',
      '<c r="C5"><v>-3</v></c></row>',
    ].join('')
    const file = await xlsxOf(new Blob([xml]))
    const plain = await readPlainXlsx(file)
    const excel = await readWithExcelJs(file)
    expect(asImported(plain?.cells ?? [])).toEqual(asImported(excel.cells))
    expect(asImported(plain?.cells ?? [])).toEqual([
      ['a', 'b', 'c'],
      ['', 7, true, 2.5],
      ['x & y', '', -3],
    ])
  })

  it('leaves dates, formulas and merged cells to exceljs, and refuses what is not a zip', async () => {
    const dated = await exceljsFile((sheet) => {
      sheet.addRow(['issue_at'])
      sheet.addRow([new Date(Date.UTC(2024, 0, 2))])
    })
    expect(await readPlainXlsx(dated)).toBeNull()
    const formula = await exceljsFile((sheet) => {
      sheet.addRow(['a', 'b'])
      sheet.addRow([1, { formula: 'A2+1', result: 2 }])
    })
    expect(await readPlainXlsx(formula)).toBeNull()
    const merged = await exceljsFile((sheet) => {
      sheet.addRow(['a', 'b'])
      sheet.mergeCells('A1:B1')
    })
    expect(await readPlainXlsx(merged)).toBeNull()
    expect(await readPlainXlsx(new Blob(['not a zip']))).toBeNull()
  })
})
