import { describe, expect, it } from 'vitest'
import { cellIn, cellsFromRows, fileNameOf, importChunks, rowsFromCells, sheetNameOf } from './sheet'

describe('sheet helpers', () => {
  it('cuts the sheet name to 29 characters and names files after it', () => {
    expect(sheetNameOf('a'.repeat(40))).toHaveLength(29)
    expect(sheetNameOf('a/b')).toBe('a b')
    expect(fileNameOf('products')).toBe('products.xlsx')
    expect(fileNameOf('products', 2)).toBe('products-2.xlsx')
  })

  it('splits import rows into chunks by rows and by characters of JSON', () => {
    expect(importChunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(importChunks(Array.from({ length: 401 }, () => ({}))).map((c) => c.length)).toEqual([200, 200, 1])
    // {"t":"xxxx"} is 12 characters (13 with its comma): two fit in 30, a long one goes alone.
    const rows = [{ t: 'xxxx' }, { t: 'xxxx' }, { t: 'xxxx' }, { t: 'x'.repeat(40) }, { t: 'xxxx' }]
    expect(importChunks(rows, 1000, 30).map((c) => c.length)).toEqual([2, 1, 1, 1])
    expect(importChunks([])).toEqual([])
  })

  it('parses cells that look like JSON objects or arrays, and nothing else', () => {
    expect(cellIn('[1,2]')).toEqual([1, 2])
    expect(cellIn('{"a":1}')).toEqual({ a: 1 })
    expect(cellIn('[not json')).toBe('[not json')
    expect(cellIn('12')).toBe('12')
    expect(cellIn(3)).toBe(3)
  })

  it('turns cells into rows by the header and back', () => {
    const rows = rowsFromCells([
      ['id', 'bank_ids', 'name'],
      [1, '[2,3]', 'x'],
      [null, '', ''],
    ])
    expect(rows).toEqual([{ id: 1, bank_ids: [2, 3], name: 'x' }])
    expect(cellsFromRows(['id', 'bank_ids', 'name'], rows)).toEqual([[1, '[2,3]', 'x']])
  })
})
