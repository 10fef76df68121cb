import { buildMenuTree, type MenuItem } from '@brokerdesk/shared'
import { menuItem } from '@brokerdesk/shared/testing/menu-item'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setConfig } from '../api/config'
import { resetHttpState } from '../api/http'
import { sessionStore } from '../state/session-store'
import { clearCookies, putCookie } from '../test/cookies'
import { AdminMenu, siderPlaceOf } from './AdminMenu'

const page = (id: number, name: string, url: string, extra: Partial<MenuItem> = {}) =>
  menuItem({ id, parent_id: 1, name, url, group: 'admin', method: [1], is_page: 1, use: ['web'], ...extra })

// A generic list (firms), a list with a page of its own (logs) and a plain page (the home).
const ITEMS: MenuItem[] = [
  menuItem({ id: 1, parent_id: 0, name: 'Operate', url: '', use: ['web'] }),
  page(2, 'Backstage home page', '/admin/index'),
  page(3, 'Firms', '/admin/firms', { resource_id: -1 }),
  page(4, 'Logs', '/admin/logs', { resource_id: -1 }),
]

let fetchMock: ReturnType<typeof vi.fn>

beforeEach(async () => {
  // The menu loads the prefetching module on the first hover: loaded here, it answers at once.
  await import('../app/MenuRoutes')
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  setConfig({ use_url: '/web-api', web_url: '/web-api' })
  resetHttpState()
  clearCookies()
  putCookie('Client-Id', 'client-1')
  sessionStore.set({ user: { id: 7 }, lifetime: 120, loading: false })
  fetchMock = vi.fn(() => new Promise<Response>(() => undefined))
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function renderMenu() {
  const client = new QueryClient()
  client.setQueryData(['menus', 7], ITEMS)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/index']}>
        <AdminMenu collapsed={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

/** The resource requests made (the menu also asks for the plug-ins' texts). */
const asked = () =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://x').pathname)
    .filter((path) => path.startsWith('/web-api/admin/'))
    .sort()

describe('AdminMenu', () => {
  it('asks for a generic list’s page data and first page while the pointer rests on its link', async () => {
    renderMenu()
    const link = screen.getByRole('link', { name: 'Firms' })
    fireEvent.pointerEnter(link)
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(asked()).toEqual(['/web-api/admin/firms', '/web-api/admin/firms/list'])
  })

  it('asks for nothing when the pointer only passes over a link, or rests on a page of its own', async () => {
    renderMenu()
    fireEvent.pointerEnter(screen.getByRole('link', { name: 'Firms' }))
    fireEvent.pointerLeave(screen.getByRole('link', { name: 'Firms' }))
    fireEvent.pointerEnter(screen.getByRole('link', { name: 'Logs' }))
    await act(() => vi.advanceTimersByTimeAsync(100))
    fireEvent.focus(screen.getByRole('link', { name: 'Backstage home page' }))
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(asked()).toEqual([])
  })
})

describe('siderPlaceOf', () => {
  const tree = buildMenuTree(ITEMS)
  it("marks a page, and for a record's page or a create page the list above it, with its groups open", () => {
    expect(siderPlaceOf(tree, '/admin/firms')).toEqual({ key: '/admin/firms', groups: ['group-1'] })
    expect(siderPlaceOf(tree, '/admin/firms/42')?.key).toBe('/admin/firms')
    expect(siderPlaceOf(tree, '/admin/firms/create')?.key).toBe('/admin/firms')
    expect(siderPlaceOf(tree, '/admin/unknown')).toBeNull()
  })
})
