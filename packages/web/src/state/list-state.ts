import type { Params } from '../api/http'

/**
 * A resource list's state as its address holds it: the filters (named after them, as the list
 * request names them), `sort`, `page` and `per_page`. A list shared by its address, reloaded, or
 * reached with back/forward shows the same rows.
 */
export interface ListState {
  filters: Record<string, string>
  sort?: string
  page: number
  /** Absent: the resource's default page size. */
  perPage?: number
}

/** Parameters of the address that are not filters (the list's own, and those only it may set). */
const PAGING = new Set(['sort', 'page', 'per_page', 'get_count', 'tree', 'last', 'after', 'before'])
/** At most this many filters are read from an address (a resource has far fewer). */
const MAX_FILTERS = 50

const positive = (text: string | null) => {
  const value = Number(text)
  return Number.isInteger(value) && value > 0 ? value : undefined
}

/** The list state of an address's query (`?status=1&sort=-id&page=2`). */
export function parseListSearch(search: string): ListState {
  const query = new URLSearchParams(search)
  const filters: Record<string, string> = {}
  for (const [name, value] of query) {
    if (PAGING.has(name) || value === '' || Object.keys(filters).length >= MAX_FILTERS) continue
    filters[name] = value
  }
  const sort = query.get('sort') || undefined
  return { filters, sort, page: positive(query.get('page')) ?? 1, perPage: positive(query.get('per_page')) }
}

/** The address query of a list state: filters first, then sort and paging (page 1 left out). */
export function listSearchOf(state: {
  filters: Params
  sort?: string
  page?: number
  perPage?: number
}): string {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(state.filters)) {
    if (value === undefined || value === null || value === '' || PAGING.has(name)) continue
    query.set(name, String(value))
  }
  if (state.sort) query.set('sort', state.sort)
  if (state.page && state.page > 1) query.set('page', String(state.page))
  if (state.perPage) query.set('per_page', String(state.perPage))
  const text = query.toString()
  return text ? `?${text}` : ''
}

/**
 * The query each resource's list was last left with in this tab: a list opened without one (from
 * the menu, or back from a record's form) comes back as it was left. Kept in memory only.
 */
const searches = new Map<string, string>()

/** The query a list opens with: the address's own, else the one it was last left with. */
export function listSearchFor(resource: string, search: string): string {
  return search && search !== '?' ? search : (searches.get(resource) ?? '')
}

export function rememberListSearch(resource: string, search: string): void {
  searches.set(resource, search)
}

/** Forgets every list's state (a new user in this tab starts with plain lists). */
export function clearListStates(): void {
  searches.clear()
}
