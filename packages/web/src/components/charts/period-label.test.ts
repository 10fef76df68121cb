import { describe, expect, it } from 'vitest'
import { formatPeriodStart } from './period-label'

describe('formatPeriodStart', () => {
  it('names days and weeks by month and day, months by year and month, in the language', () => {
    expect(formatPeriodStart('2024-05-01', 'day', 'en')).toBe('May 1')
    expect(formatPeriodStart('2024-05-06', 'week', 'zh-CN')).toBe('5月6日')
    expect(formatPeriodStart('2024-05-01', 'month', 'en')).toBe('May 2024')
    expect(formatPeriodStart('2024-05-01', 'month', 'zh-CN')).toBe('2024年5月')
    expect(formatPeriodStart('2024-12-31', 'day', 'de')).toBe('31. Dez.')
  })
})
