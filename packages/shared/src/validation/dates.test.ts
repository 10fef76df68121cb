import { describe, expect, it } from 'vitest'
import { readDate, readDateTime } from './dates'
import { exceedsJsonDepth } from './limits'

describe('reading dates', () => {
  it('takes days that exist, from year 0001 to 9999', () => {
    expect(readDate('2024-02-29')).toBe('2024-02-29')
    expect(readDate('0001-01-01')).toBe('0001-01-01')
    for (const text of [
      '2024-02-30',
      '2023-02-29',
      '2024-04-31',
      '2024-13-01',
      '0000-01-01',
      '+275760-09-13',
      '24-1-1',
    ]) {
      expect(readDate(text), text).toBeUndefined()
    }
  })

  it('takes moments with a real day and time, within years 0001 to 9999 in UTC', () => {
    expect(readDateTime('2024-01-31 10:20:30')?.getFullYear()).toBe(2024)
    expect(readDateTime('2024-01-31T10:20:30.123Z')?.toISOString()).toBe('2024-01-31T10:20:30.123Z')
    expect(readDateTime('2024-01-31T10:20+08:00')?.toISOString()).toBe('2024-01-31T02:20:00.000Z')
    expect(readDateTime('2024-01-31')?.toISOString()).toBe('2024-01-31T00:00:00.000Z')
    for (const text of [
      '2024-02-31',
      '2024-01-31 24:00:00',
      '2024-01-31T10:61',
      '+275760-09-13',
      '-271821-04-20T00:00:00Z',
      '9999-12-31T23:59:59-14:00',
      'yesterday',
      '1',
    ]) {
      expect(readDateTime(text), text).toBeUndefined()
    }
  })
})

describe('JSON depth', () => {
  it('counts nested objects and arrays, not brackets inside strings', () => {
    expect(exceedsJsonDepth('{"a":[[1]]}', 3)).toBe(false)
    expect(exceedsJsonDepth('{"a":[[[1]]]}', 3)).toBe(true)
    expect(exceedsJsonDepth('{"a":"[[[[\\"[[["}', 1)).toBe(false)
    expect(exceedsJsonDepth(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`, 32)).toBe(true)
  })
})
