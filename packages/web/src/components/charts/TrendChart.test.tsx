import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TrendChart } from './TrendChart'

vi.mock('./EChart', () => ({ default: () => <div data-testid="echart" /> }))

/** An IntersectionObserver the test moves: `reach()` tells every observer its element came near. */
function observeByHand() {
  const callbacks: IntersectionObserverCallback[] = []
  const observed: Element[] = []
  class HandObserver {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback)
    }
    observe(element: Element) {
      observed.push(element)
    }
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', HandObserver)
  return {
    observed,
    reach: () =>
      act(() => {
        for (const callback of callbacks)
          callback(
            observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
            {} as IntersectionObserver,
          )
      }),
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

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

  it('loads echarts and draws only once its place comes near the viewport, holding its height till then', async () => {
    const viewport = observeByHand()
    const { container } = render(
      <TrendChart
        title="Logins"
        categories={['May 1']}
        series={[{ name: 'Logins', values: [3] }]}
        emptyText="Nobody logged in"
      />,
    )
    expect(viewport.observed).toHaveLength(1)
    expect(screen.queryByTestId('echart')).toBeNull()
    expect(container.querySelector('.ant-skeleton')).toBeTruthy()
    viewport.reach()
    expect(await screen.findByTestId('echart')).toBeTruthy()
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Logins. Logins: May 1 3')
  })
})
