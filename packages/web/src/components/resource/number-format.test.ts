import { afterEach, expect, it, vi } from 'vitest'
import { warmNumberFormat } from './number-format'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

it('formats a number once per language, in a task of its own', () => {
  vi.useFakeTimers()
  const format = vi.spyOn(Number.prototype, 'toLocaleString')
  warmNumberFormat('de')
  warmNumberFormat('de')
  warmNumberFormat('ja')
  expect(format).not.toHaveBeenCalled()
  vi.runAllTimers()
  expect(format.mock.calls.map(([language]) => language)).toEqual(['de', 'ja'])
})
