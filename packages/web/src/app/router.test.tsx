import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionUser } from '../api/types'
import { sessionStore } from '../state/session-store'
import { putCookie } from '../test/cookies'
import { queryClient } from './query-client'
import { routes } from './router'

async function open(path: string, user: SessionUser = {}) {
  sessionStore.set({ user, lifetime: 120, loading: false })
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  await act(async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
  })
  return router
}

beforeEach(() => {
  queryClient.clear()
  putCookie('Client-Id', 'test')
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ menus: [] }), { status: 200 })),
  )
})

describe('routes', () => {
  it('sends / to the official website', async () => {
    const router = await open('/')
    await waitFor(() => expect(router.state.location.pathname).toBe('/open/index'))
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy()
  })

  it('sends a visitor of the admin or home group to the login page with the path to come back to', async () => {
    const router = await open('/admin/firms?page=2')
    await waitFor(() => expect(router.state.location.pathname).toBe('/open/login'))
    expect(router.state.location.search).toBe('?redirect=%2Fadmin%2Ffirms%3Fpage%3D2')

    const home = await open('/home/index')
    await waitFor(() => expect(home.state.location.search).toBe('?redirect=%2Fhome%2Findex'))
  })

  it('shows not found inside the open layout for an unknown open path', async () => {
    await open('/open/anything-unknown')
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy()
    expect(screen.getByRole('contentinfo')).toBeTruthy()
  })

  it('shows the global error pages', async () => {
    await open('/503')
    expect(
      await screen.findByRole('heading', {
        name: 'Please try again later, the system is under maintenance...',
      }),
    ).toBeTruthy()
  })

  it('shows 403 to a logged-in user without an admin record in their own area, not in an empty back office', async () => {
    const router = await open('/admin/index', { id: 3, uname: 'zhang' })
    expect(await screen.findByRole('heading', { name: 'You have no access to this page!' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/home/403')
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home/index')
  })

  it('tells an admin path the menu has (no permission) from one it does not have (not found)', async () => {
    const admin = { id: 1, admin: { id: 1, roles: [] } }
    const fetched: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input)
        fetched.push(url)
        const known = url.includes('menu-info') && url.includes('%2Fadmin%2Ffirms')
        return new Response(JSON.stringify({ menus: [], menu: null, known }), { status: 200 })
      }),
    )
    await open('/admin/firms', admin)
    expect(await screen.findByRole('heading', { name: 'You have no access to this page!' })).toBeTruthy()
    queryClient.clear()
    await open('/admin/no-such-page', admin)
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy()
    expect(fetched.some((url) => url.includes('/open/menu-info?url=%2Fadmin%2Fno-such-page'))).toBe(true)
  })

  it('opens the backstage home page for an admin', async () => {
    await open('/admin/index', {
      id: 1,
      nickname: 'Li',
      admin: { id: 1, roles: [{ id: 1, name: 'Super administrator' }] },
    })
    expect(await screen.findByRole('heading', { name: 'Welcome back, Li' })).toBeTruthy()
    expect(screen.getByText('Super administrator')).toBeTruthy()
  })

  it('shows the admin group 500 page', async () => {
    await open('/admin/500', { id: 1, admin: { id: 1 } })
    expect(await screen.findByRole('heading', { name: 'Server internal error' })).toBeTruthy()
  })
})
