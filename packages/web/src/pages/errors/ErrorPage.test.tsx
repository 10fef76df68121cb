import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import '../../i18n/i18n'
import { sessionStore } from '../../state/session-store'
import { putCookie } from '../../test/cookies'
import { ErrorPage } from './ErrorPage'

function renderAt(path: string, element: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  sessionStore.set({ user: {}, lifetime: 0, loading: false })
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ menus: [] }), { status: 200 })),
  )
  putCookie('Client-Id', 'test')
})

describe('error pages', () => {
  it('not found: says so, links home and offers a page search', async () => {
    renderAt('/open/anything-unknown', <ErrorPage kind="not-found" />)
    expect(screen.getByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/open/index')
    // The search box is a chunk of its own.
    expect(await screen.findByPlaceholderText('Search for a page')).toBeTruthy()
  })

  it('names no page in English inside its illustration ("No Found")', () => {
    const { container } = renderAt('/admin/anything', <ErrorPage kind="not-found" />)
    expect(container.textContent).not.toContain('No Found')
    expect(container.querySelector('.ant-result-image svg')?.getAttribute('aria-hidden')).toBe('true')
  })

  it('links home within the route group', () => {
    renderAt('/admin/unknown', <ErrorPage kind="not-found" />)
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/admin/index')
  })

  it('403: no access, contact the relevant personnel', () => {
    renderAt('/admin/403', <ErrorPage kind="forbidden" />)
    expect(screen.getByRole('heading', { name: 'You have no access to this page!' })).toBeTruthy()
    expect(screen.getByText(/contact the relevant personnel/)).toBeTruthy()
  })

  it('503: the system is under maintenance', () => {
    renderAt('/503', <ErrorPage kind="maintenance" />)
    expect(
      screen.getByRole('heading', { name: 'Please try again later, the system is under maintenance...' }),
    ).toBeTruthy()
  })

  it('500: server internal error, contact the developer', () => {
    renderAt('/500', <ErrorPage kind="server" />)
    expect(screen.getByRole('heading', { name: 'Server internal error' })).toBeTruthy()
    expect(screen.getByText(/contact the developer/)).toBeTruthy()
  })
})
