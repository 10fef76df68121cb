import { describe, expect, it } from 'vitest'
import {
  clearListStates,
  listSearchFor,
  listSearchOf,
  parseListSearch,
  rememberListSearch,
} from './list-state'

describe('a list state in the address', () => {
  it('reads filters, sort, page and size, leaving out what only the list itself may ask', () => {
    expect(
      parseListSearch('?status=1%2C2&keyword=%E5%AF%BF&sort=-issue_at&page=3&per_page=50&get_count=1&tree=1'),
    ).toEqual({
      filters: { status: '1,2', keyword: '寿' },
      sort: '-issue_at',
      page: 3,
      perPage: 50,
    })
    expect(parseListSearch('?page=-2&per_page=x&name=')).toEqual({
      filters: {},
      sort: undefined,
      page: 1,
      perPage: undefined,
    })
  })

  it('writes the same state back, page 1 and empty filters left out', () => {
    const search = listSearchOf({
      filters: { status: '1,2', name: '', keyword: '寿' },
      sort: '-issue_at',
      page: 1,
      perPage: 50,
    })
    expect(search).toBe('?status=1%2C2&keyword=%E5%AF%BF&sort=-issue_at&per_page=50')
    expect(parseListSearch(search)).toEqual({
      filters: { status: '1,2', keyword: '寿' },
      sort: '-issue_at',
      page: 1,
      perPage: 50,
    })
    expect(listSearchOf({ filters: {} })).toBe('')
  })

  it('opens a list without a query as it was left, until the user is another', () => {
    rememberListSearch('products', '?status=1')
    expect(listSearchFor('products', '')).toBe('?status=1')
    expect(listSearchFor('products', '?status=2')).toBe('?status=2')
    expect(listSearchFor('firms', '')).toBe('')
    clearListStates()
    expect(listSearchFor('products', '')).toBe('')
  })
})
