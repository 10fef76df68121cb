import { MAX_SKIPPED_ROWS } from '@brokerdesk/shared'
import { describe, expect, it } from 'vitest'
import { pagePosition, sortFollowsRows } from './page-position'

const perPage = 15
const deep = Math.floor(MAX_SKIPPED_ROWS / perPage) + 2
const anchor = { shape: 'products', page: deep + 10, firstId: 5000, lastId: 4986 }

describe('how the pager asks for a page', () => {
  it('asks for a page near the start by its number', () => {
    expect(
      pagePosition({ page: 3, perPage, shape: 'products', anchor, estimatedLast: 60000, cursors: true }),
    ).toEqual({})
  })

  it('reads the last page of an estimated total from the end, and the pages near it counting back', () => {
    const options = { perPage, shape: 'products', estimatedLast: 60000, cursors: false }
    expect(pagePosition({ ...options, page: 60000 })).toEqual({ last: 1 })
    expect(pagePosition({ ...options, page: 59999 })).toEqual({ last: 1, skip: 15 })
    // 1,000 pages back is more than the server skips: asked by number.
    expect(pagePosition({ ...options, page: 59000 })).toEqual({})
  })

  it('reads a deep page from the page shown: after its last row, or before its first', () => {
    const options = { perPage, shape: 'products', anchor, estimatedLast: 60000, cursors: true }
    expect(pagePosition({ ...options, page: anchor.page + 1 })).toEqual({ after: 4986 })
    expect(pagePosition({ ...options, page: anchor.page + 5 })).toEqual({ after: 4986, skip: 60 })
    expect(pagePosition({ ...options, page: anchor.page - 1 })).toEqual({ before: 5000 })
    expect(pagePosition({ ...options, page: anchor.page - 3 })).toEqual({ before: 5000, skip: 30 })
  })

  it('asks by number when no known page is near enough (the server then says what to do)', () => {
    const options = { perPage, shape: 'products', anchor, estimatedLast: 60000, cursors: true }
    expect(pagePosition({ ...options, page: 30000 })).toEqual({})
    // Another list's page, or a sort whose pages cannot follow a row, is no anchor.
    expect(pagePosition({ ...options, page: anchor.page + 1, shape: 'products?status=1' })).toEqual({})
    expect(pagePosition({ ...options, page: anchor.page + 1, cursors: false })).toEqual({})
  })
})

describe('whether a sort lets a page follow a row', () => {
  it('needs one direction and fields never empty', () => {
    expect(sortFollowsRows(undefined, '-id', [])).toBe(true)
    expect(sortFollowsRows('-created_at', '-id', ['created_at'])).toBe(true)
    expect(sortFollowsRows('issue_at', '-id', ['created_at'])).toBe(false)
    expect(sortFollowsRows('created_at,-id', '-id', ['created_at'])).toBe(false)
  })
})
