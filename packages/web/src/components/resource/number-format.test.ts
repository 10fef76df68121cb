import { afterEach, expect, it, vi } from 'vitest'
import { warmNumberFormat } from './number-format'

afterEach(() => {
  vi.unstubAllGlobals()
})

it('formats a number once per language, when the browser is idle', () => {
  const idle: (() => void)[] = []
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
  const format = vi.spyOn(Number.prototype, 'toLocaleString')
  warmNumberFormat('de')
  warmNumberFormat('de')
  warmNumberFormat('ja')
  expect(idle).toHaveLength(2)
  expect(format).not.toHaveBeenCalled()
  for (const callback of idle) callback()
  expect(format.mock.calls.map(([language]) => language)).toEqual(['de', 'ja'])
})
