import { describe, expect, it } from 'vitest'
import { buildTrendOption, type TrendOptionInput } from './trend-option'

const input = (overrides: Partial<TrendOptionInput> = {}): TrendOptionInput => ({
  categories: ['May 1', 'May 2'],
  series: [{ name: 'Logins', values: [3, 0] }],
  kind: 'line',
  rtl: false,
  animation: true,
  formatNumber: (value) => `#${value}`,
  palette: {
    series: ['#1f5eff', '#12b76a'],
    text: '#666',
    axis: '#ddd',
    split: '#eee',
    tooltip: '#fff',
    fontFamily: 'Inter',
  },
  ...overrides,
})

const axis = (value: unknown) => value as Record<string, unknown>

describe('buildTrendOption', () => {
  it('draws each series as a line over the periods in the theme colours, without a legend for one', () => {
    const option = buildTrendOption(input())
    expect(option.color).toEqual(['#1f5eff', '#12b76a'])
    expect(axis(option.xAxis)).toMatchObject({ type: 'category', data: ['May 1', 'May 2'], inverse: false })
    expect(option.series).toEqual([expect.objectContaining({ type: 'line', name: 'Logins', data: [3, 0] })])
    expect(axis(option.legend).show).toBe(false)
  })

  it('draws bars with a legend for several series, numbers in the language, time right to left in RTL', () => {
    const option = buildTrendOption(
      input({
        kind: 'bar',
        rtl: true,
        series: [
          { name: 'Logins', values: [3, 1] },
          { name: 'IPs', values: [2, 1] },
        ],
      }),
    )
    expect((option.series as { type: string }[]).map((one) => one.type)).toEqual(['bar', 'bar'])
    expect(axis(option.legend).show).toBe(true)
    expect(axis(option.xAxis).inverse).toBe(true)
    expect(axis(option.yAxis).position).toBe('right')
    const formatter = (axis(option.yAxis).axisLabel as { formatter: (value: number) => string }).formatter
    expect(formatter(1200)).toBe('#1200')
  })
})
