import { buildMenuTree, type MenuItem } from '@brokerdesk/shared'
import { menuItem } from '@brokerdesk/shared/testing/menu-item'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, type NavigateFunction, useNavigate } from 'react-router'
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

// Three groups of pages: the tree's own behaviour (groups open, marked, collapsed).
const group = (id: number, name: string) => menuItem({ id, parent_id: 0, name, url: '', is_page: 0 })
const GROUPED: MenuItem[] = [
  group(10, 'Operate'),
  page(11, 'Backstage home page', '/admin/index', { parent_id: 10 }),
  group(20, 'Catalogue'),
  page(21, 'Firms', '/admin/firms', { parent_id: 20, resource_id: -1 }),
  page(22, 'Products', '/admin/products', { parent_id: 20, resource_id: -1 }),
  group(30, 'System'),
  page(31, 'Logs', '/admin/logs', { parent_id: 30, resource_id: -1 }),
]

let navigate: NavigateFunction = () => undefined
function Navigator() {
  navigate = useNavigate()
  return null
}

function renderMenu({
  items = ITEMS,
  path = '/admin/index',
  collapsed = false,
  hidden = false,
  onExpand,
}: {
  items?: MenuItem[]
  path?: string
  collapsed?: boolean
  hidden?: boolean
  onExpand?: () => void
} = {}) {
  const client = new QueryClient()
  client.setQueryData(['menus', 7], items)
  const tree = (collapsed: boolean, hidden = false) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Navigator />
        <AdminMenu collapsed={collapsed} hidden={hidden} onExpand={onExpand} />
      </MemoryRouter>
    </QueryClientProvider>
  )
  const { rerender } = render(tree(collapsed, hidden))
  return { collapse: (collapsed: boolean, hidden = false) => rerender(tree(collapsed, hidden)) }
}

const expanded = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-expanded')

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

  it('asks for a list’s page data and first page as the link is pressed, without waiting for a chunk', async () => {
    renderMenu()
    // A first click, no hover before it: the requests go out within the press's own microtasks (they
    // used to wait until the menu pages' chunk had loaded).
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Firms' }))
    await act(async () => {
      for (let i = 0; i < 20; i++) await Promise.resolve()
    })
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

describe('AdminMenu’s tree', () => {
  it('marks the current page and opens the groups above it, the others closed', () => {
    renderMenu({ items: GROUPED, path: '/admin/products' })
    expect(screen.getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'Firms' }).hasAttribute('aria-current')).toBe(false)
    expect(expanded('Catalogue')).toBe('true')
    expect(screen.getByRole('button', { name: 'Catalogue' }).getAttribute('aria-controls')).toBe(
      screen.getByRole('link', { name: 'Products' }).closest('ul')?.id,
    )
    expect(expanded('System')).toBe('false')
    expect(screen.queryByRole('link', { name: 'Logs' })).toBeNull()
  })

  it("marks a record's list as the current item, not as the page shown", () => {
    renderMenu({ items: GROUPED, path: '/admin/products/42' })
    expect(screen.getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBe('true')
  })

  it('opens and closes a group with Enter and Space on its button', async () => {
    vi.useRealTimers() // user-event waits on real timers
    const user = userEvent.setup()
    renderMenu({ items: GROUPED })
    screen.getByRole('button', { name: 'System' }).focus()
    await user.keyboard('{Enter}')
    expect(expanded('System')).toBe('true')
    expect(screen.getByRole('link', { name: 'Logs' })).toBeTruthy()
    await user.keyboard(' ')
    expect(expanded('System')).toBe('false')
    expect(screen.queryByRole('link', { name: 'Logs' })).toBeNull()
  })

  it('opens the group of a page the address moves to, keeping the groups the user opened', async () => {
    renderMenu({ items: GROUPED })
    fireEvent.click(screen.getByRole('button', { name: 'Catalogue' }))
    expect(expanded('System')).toBe('false')
    await act(async () => navigate('/admin/logs'))
    expect(expanded('System')).toBe('true')
    expect(screen.getByRole('link', { name: 'Logs' }).getAttribute('aria-current')).toBe('page')
    expect(expanded('Catalogue')).toBe('true')
  })

  it('collapsed: shows the top-level icons named by their labels; a group’s opens the sider with it open', () => {
    const onExpand = vi.fn()
    const { collapse } = renderMenu({ items: GROUPED, collapsed: true, onExpand })
    expect(screen.queryByRole('link', { name: 'Backstage home page' })).toBeNull()
    const catalogue = screen.getByRole('button', { name: 'Catalogue' })
    expect(catalogue.getAttribute('title')).toBe('Catalogue')
    fireEvent.click(catalogue)
    expect(onExpand).toHaveBeenCalledTimes(1)
    collapse(false)
    expect(expanded('Catalogue')).toBe('true')
    expect(screen.getByRole('link', { name: 'Firms' })).toBeTruthy()
  })

  it('hidden (a narrow screen’s closed sider): draws no rows until shown, then the page marked', () => {
    const { collapse } = renderMenu({
      items: GROUPED,
      path: '/admin/products',
      collapsed: true,
      hidden: true,
    })
    expect(screen.queryAllByRole('link')).toEqual([])
    expect(screen.queryAllByRole('button')).toEqual([])
    collapse(false)
    expect(screen.getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBe('page')
    expect(expanded('Catalogue')).toBe('true')
  })

  it('collapsed: a top-level page stays a link, named by its label', () => {
    renderMenu({ collapsed: true })
    const link = screen.getByRole('link', { name: 'Firms' })
    expect(link.getAttribute('href')).toBe('/admin/firms')
    expect(link.getAttribute('title')).toBe('Firms')
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
