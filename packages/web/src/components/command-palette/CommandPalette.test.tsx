import type { MenuItem, SearchAnswer } from '@brokerdesk/shared'
import { menuItem } from '@brokerdesk/shared/testing/menu-item'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { http } from '../../api/http'
import { applyLanguage } from '../../i18n/language'
import { sessionStore } from '../../state/session-store'
import CommandPalette from './CommandPalette'
import { flatten, matchPages, menuPages, recordSections } from './palette-entries'
import { readRecent, rememberRecent } from './recent-entries'

const page = (id: number, name: string, url: string, extra: Partial<MenuItem> = {}) =>
  menuItem({ id, parent_id: 1, name, url, method: [1], is_page: 1, use: ['web'], ...extra })

const ITEMS: MenuItem[] = [
  menuItem({ id: 1, parent_id: 0, name: 'Menu list', url: '' }),
  menuItem({ id: 10, parent_id: 1, name: 'Insurance management', url: '', is_page: 0 }),
  page(2, 'Backstage home page', '/admin/index'),
  page(11, 'Products', '/admin/products', { parent_id: 10, resource_id: -1 }),
  page(12, 'Insurance companies', '/admin/firms', { parent_id: 10, resource_id: -1 }),
  // Not pages the palette offers: an action, a hidden page, a record's page.
  menuItem({
    id: 13,
    parent_id: 11,
    name: 'Product list',
    url: '/admin/products/list',
    is_page: 0,
    resource_id: 11,
  }),
  page(14, 'Hidden page', '/admin/hidden', { status: 0 }),
  page(15, 'Product', '/admin/products/{id}'),
]

const ANSWER: SearchAnswer = {
  keyword: 'prod',
  groups: [
    {
      resource: 'products',
      list_path: '/admin/products?keyword=prod',
      hits: [
        { id: 41, label: 'Prodigy term life', detail: 'P-41 · Firm A', path: '/admin/products/41' },
        { id: 42, label: 'Prodigy health', detail: 'P-42 · Firm A', path: '/admin/products/42' },
      ],
      more: true,
      too_broad: false,
    },
    { resource: 'users', list_path: '/admin/users?keyword=prod', hits: [], more: false, too_broad: true },
  ],
}

function Location() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

function renderPalette(onClose = vi.fn()) {
  const client = new QueryClient()
  client.setQueryData(['menus', 7], ITEMS)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/index']}>
        <CommandPalette onClose={onClose} />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return onClose
}

const label = (text: string) => (key: string) => `${text}:${key}`

beforeEach(async () => {
  // jsdom lays nothing out: the active line is scrolled into view in a browser only.
  Element.prototype.scrollIntoView = () => undefined
  localStorage.clear()
  sessionStore.set({ user: { id: 7 }, lifetime: 120, loading: false })
  await applyLanguage('en', { persist: false })
})
afterEach(() => vi.restoreAllMocks())

describe('the palette entries', () => {
  it('offer the visible pages of the back office, each with its group', () => {
    const pages = menuPages(ITEMS, (name) => name)
    expect(pages.map((p) => [p.label, p.detail, p.path])).toEqual([
      ['Backstage home page', '', '/admin/index'],
      ['Products', 'Insurance management', '/admin/products'],
      ['Insurance companies', 'Insurance management', '/admin/firms'],
    ])
  })

  it('match every word in any case, names starting with the keyword first', () => {
    const pages = menuPages(ITEMS, (name) => name)
    expect(matchPages(pages, 'INSURANCE', 8).map((p) => p.label)).toEqual(['Insurance companies', 'Products'])
    expect(matchPages(pages, 'management prod', 8).map((p) => p.label)).toEqual(['Products'])
    expect(matchPages(pages, 'comp', 1).map((p) => p.label)).toEqual(['Insurance companies'])
  })

  it('turn the answer into groups with a line to the whole list, and say when a keyword is too broad', () => {
    const sections = recordSections(ANSWER, label('title'), label('more'))
    expect(sections.map((s) => [s.title, s.note])).toEqual([
      ['title:products', undefined],
      ['title:users', 'too_broad'],
    ])
    expect(flatten(sections).map((e) => e.path)).toEqual([
      '/admin/products/41',
      '/admin/products/42',
      '/admin/products?keyword=prod',
    ])
    expect(flatten(sections)[2].label).toBe('more:title:products')
  })

  it('remember the latest opened first, once each, per user, never a "show all" line', () => {
    const [first, second, more] = flatten(recordSections(ANSWER, label('t'), label('m')))
    rememberRecent(7, first)
    rememberRecent(7, second)
    rememberRecent(7, first)
    rememberRecent(7, more)
    expect(readRecent(7).map((e) => e.path)).toEqual(['/admin/products/41', '/admin/products/42'])
    expect(readRecent(8)).toEqual([])
    localStorage.setItem('bd.palette-recent.7', '[{"path":"javascript:alert(1)"},"x"]')
    expect(readRecent(7)).toEqual([])
  })
})

describe('CommandPalette', () => {
  it('is driven by the keyboard: type, arrows, Enter opens the record and keeps it on top for next time', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue(ANSWER)
    const onClose = renderPalette()
    const box = screen.getByRole('combobox', { name: 'Search pages and records' })
    expect(document.activeElement).toBe(box)
    // No keyword: every page of the menu.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Backstage home page',
      'ProductsInsurance management',
      'Insurance companiesInsurance management',
    ])

    await userEvent.type(box, 'prod')
    await screen.findByRole('option', { name: /Prodigy term life/ })
    expect(get).toHaveBeenLastCalledWith(
      '/admin/search',
      { keyword: 'prod' },
      expect.objectContaining({ silent: true }),
    )
    expect(screen.getByRole('group', { name: 'Pages' })).toBeTruthy()
    expect(screen.getByText('Too many matches to search quickly: type more')).toBeTruthy()
    const options = screen.getAllByRole('option')
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false', 'false'])
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0].id)

    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowDown}')
    expect(box.getAttribute('aria-activedescendant')).toBe(options[2].id)
    await userEvent.keyboard('{Enter}')
    expect(screen.getByTestId('location').textContent).toBe('/admin/products/42')
    expect(onClose).toHaveBeenCalled()
    expect(readRecent(7).map((e) => e.label)).toEqual(['Prodigy health'])
  })

  it('shows what was opened lately on top, and closes on Esc', async () => {
    rememberRecent(7, {
      key: 'record:/admin/products/42',
      kind: 'record',
      label: 'Prodigy health',
      detail: '',
      path: '/admin/products/42',
    })
    const onClose = renderPalette()
    expect(screen.getByRole('group', { name: 'Recent' }).textContent).toContain('Prodigy health')
    expect(screen.getAllByRole('option')[0].textContent).toBe('Prodigy health')
    await userEvent.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalled()
  })

  it('says so when nothing matches, and when the search fails', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ keyword: 'zzz', groups: [] })
    renderPalette()
    await userEvent.type(screen.getByRole('combobox'), 'zzz')
    expect(await screen.findByText('Nothing found for “zzz”')).toBeTruthy()
    get.mockRejectedValue(new Error('offline'))
    await userEvent.type(screen.getByRole('combobox'), 'y')
    await waitFor(() => expect(screen.getByText('The search failed. Try again.')).toBeTruthy())
  })
})
