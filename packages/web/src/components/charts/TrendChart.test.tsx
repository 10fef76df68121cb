import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TrendChart } from './TrendChart'

describe('TrendChart', () => {
  it('shows the empty state instead of a chart when every value is zero', () => {
    render(
      <TrendChart
        title="Logins"
        categories={['May 1', 'May 2']}
        series={[{ name: 'Logins', values: [0, 0] }]}
        emptyText="Nobody logged in"
      />,
    )
    expect(screen.getByText('Nobody logged in')).toBeTruthy()
    expect(screen.queryByRole('img', { name: /Logins/ })).toBeNull()
  })

  it('describes the values of a chart with data to screen readers', () => {
    render(
      <TrendChart
        title="Logins · Last week"
        categories={['May 1', 'May 2']}
        series={[{ name: 'Logins', values: [3, 0] }]}
        emptyText="Nobody logged in"
      />,
    )
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Logins · Last week. Logins: May 1 3, May 2 0',
    )
    expect(screen.queryByText('Nobody logged in')).toBeNull()
  })
})
