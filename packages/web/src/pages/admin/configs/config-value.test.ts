import { describe, expect, it } from 'vitest'
import { choicesOf, numberOption, parsedOptions, valueKind } from './config-value'

describe('a setting value’s input', () => {
  it('follows the type, and for text the input kind or a password option', () => {
    expect(valueKind(4, 1, null)).toBe('boolean')
    expect(valueKind(5, 1, null)).toBe('select')
    expect(valueKind(3, 2, null)).toBe('number')
    expect(valueKind(2, 1, null)).toBe('json')
    expect(valueKind(1, 2, null)).toBe('textarea')
    expect(valueKind(1, 3, null)).toBe('markdown')
    expect(valueKind(1, 1, { type: 'password' })).toBe('password')
    expect(valueKind('1', '1', '{"type": "password"}')).toBe('password')
    expect(valueKind(1, 1, '{not json')).toBe('text')
  })

  it('reads the options as the form holds them, JSON text or object', () => {
    const text =
      '{"options": [{"value": "day", "label": "Day"}, "week", 3, {"label": "no value"}], "min": 1, "max": "9"}'
    expect(choicesOf(text)).toEqual([
      { value: 'day', label: 'Day' },
      { value: 'week', label: 'week' },
      { value: '3', label: '3' },
    ])
    expect(numberOption(text, 'min')).toBe(1)
    expect(numberOption(text, 'max')).toBeUndefined()
    expect(parsedOptions('[1, 2]')).toEqual({})
    expect(choicesOf(undefined)).toEqual([])
  })
})
