import type { FieldMeta, ResourcePageData } from '@brokerdesk/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { putCookie } from '../../test/cookies'
import { ListToolbar } from './ListToolbar'

const page = {
  resource: 'products',
  columns: ['name'],
  fields: [{ name: 'name', label: 'fields.name', export: true, list: true } as unknown as FieldMeta],
  filters: [],
  layout: null,
} as unknown as ResourcePageData

beforeEach(() => {
  putCookie('Client-Id', 'test')
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ settings: { views: [] } }), { status: 200 })),
  )
})

function toolbar(narrow: boolean, extra: { filterButton?: ReactNode; selected?: number[] } = {}) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ListToolbar
          page={page}
          can={() => true}
          params={{}}
          search=""
          onOpenView={() => undefined}
          selected={extra.selected ?? []}
          onDeleteSelected={() => undefined}
          counted={false}
          onCount={() => undefined}
          onRefresh={() => undefined}
          narrow={narrow}
          filterButton={extra.filterButton}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('a list toolbar', () => {
  it('shows every button on a wide screen', () => {
    toolbar(false)
    for (const name of ['Create', 'Delete selected', 'Export', 'Import', 'Count', 'Saved views', 'Columns'])
      expect(screen.getByRole(name === 'Create' ? 'link' : 'button', { name: new RegExp(name) })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull()
  })

  it('on a phone: the filters button and create in front, the rest in one "more" menu', async () => {
    toolbar(true, { filterButton: <button type="button">Filter (2)</button> })
    expect(screen.getByRole('button', { name: 'Filter (2)' })).toBeTruthy()
    expect(screen.getByRole('link', { name: /Create/ })).toBeTruthy()
    // Nothing selected: no disabled "delete selected" taking the room.
    expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /More/ }))
    for (const name of ['Export', 'Import', 'Count', 'Saved views', 'Columns', 'Refresh'])
      expect(await screen.findByRole('button', { name: new RegExp(name) })).toBeTruthy()
  })

  it('on a phone: "delete selected" once rows are selected', () => {
    toolbar(true, { selected: [3] })
    expect(screen.getByRole('button', { name: /Delete selected/ })).toBeTruthy()
  })
})
