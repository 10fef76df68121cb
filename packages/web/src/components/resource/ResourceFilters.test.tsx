import type { FilterMeta, ResourcePageData } from '@brokerdesk/shared'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ResourceFilters } from './ResourceFilters'

const filter = (name: string): FilterMeta => ({
  name,
  kind: 'like',
  fields: [name],
  type: 'string',
  options: null,
  label: name,
})

/** Five text filters: the fifth is hidden until "more filters" opens. */
const page = {
  resource: 'things',
  filters: ['a', 'b', 'c', 'd', 'e'].map(filter),
  options: {},
} as unknown as ResourcePageData

const input = (name: string) => document.querySelector<HTMLInputElement>(`#filters-things_${name}`)

describe('ResourceFilters', () => {
  it('opens with the values a list was left with, showing the later filters that hold one', () => {
    render(<ResourceFilters page={page} initialValues={{ a: 'kept', e: 'late' }} onSearch={vi.fn()} />)
    expect(input('a')?.value).toBe('kept')
    expect(input('e')?.value).toBe('late')
  })

  it('keeps the later filters closed when none of them holds a value', () => {
    render(<ResourceFilters page={page} initialValues={{ a: 'kept' }} onSearch={vi.fn()} />)
    expect(input('e')).toBeNull()
  })

  it('searches with the query and the form values; reset empties both, not back to the saved ones', async () => {
    const onSearch = vi.fn()
    render(<ResourceFilters page={page} initialValues={{ a: 'kept' }} onSearch={onSearch} />)
    fireEvent.change(input('b') as HTMLInputElement, { target: { value: ' two ' } })
    fireEvent.click(screen.getByRole('button', { name: /search/i }))
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1))
    expect(onSearch.mock.calls[0][0]).toEqual({ a: 'kept', b: 'two' })
    expect(onSearch.mock.calls[0][1]).toMatchObject({ a: 'kept', b: ' two ' })
    fireEvent.click(screen.getByRole('button', { name: /reset/i }))
    expect(onSearch).toHaveBeenLastCalledWith({}, {})
    await waitFor(() => expect(input('a')?.value).toBe(''))
  })
})
