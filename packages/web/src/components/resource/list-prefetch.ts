import { DEFAULT_PER_PAGE, type ResourcePageData } from '@brokerdesk/shared'
import type { QueryClient } from '@tanstack/react-query'
import { http, type Params } from '../../api/http'
import { parseListSearch } from '../../state/list-state'
import { prefetchListSettings } from './list-settings-api'

/** The query keys and fetchers of a resource's page data and list, shared by the page and the prefetch. */
export const resourceUrl = (name: string) => `/admin/${name}`
export const pageDataKey = (name: string) => ['resource', name, 'page'] as const
export const listKey = (name: string, params: Params) => ['resource', name, 'list', params] as const
export const PAGE_DATA_STALE_MS = 60_000

export const fetchPageData = (name: string) => http.get<ResourcePageData>(resourceUrl(name))

/** Resources whose page data said `tree` (their list asks for `tree=1`): remembered across loads. */
const TREE_KEY = 'bd.tree-lists'

function treeLists(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(TREE_KEY) ?? '[]')
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : []
  } catch {
    return []
  }
}

/** Remembers whether a resource's list is a tree, so the next prefetch asks for the same list. */
export function rememberTree(name: string, tree: boolean): void {
  const names = treeLists()
  if (names.includes(name) === tree) return
  const next = tree ? [...names, name].slice(-100) : names.filter((other) => other !== name)
  try {
    localStorage.setItem(TREE_KEY, JSON.stringify(next))
  } catch {
    // storage full or refused: the prefetch only guesses less well
  }
}

/** The list's request: its filters, sort, page and size (the same object the list page asks with). */
export function listParams(
  state: { filters: Params; sort?: string; page: number; perPage: number; counted: boolean },
  tree: boolean,
): Params {
  return {
    ...state.filters,
    sort: state.sort,
    page: state.page,
    per_page: state.perPage,
    get_count: state.counted ? 1 : undefined,
    tree: tree ? 1 : undefined,
  }
}

/**
 * Asks for a generic list page's page data and its first page at once, when the route is entered:
 * the list no longer waits for the page's chunk and then for the page data before asking for its rows.
 * The first page is the one the list's query (`search`: the address's, or the one it was left with)
 * names, with the default size when it names none.
 */
export function prefetchResourceList(client: QueryClient, name: string, search: string): void {
  const cached = client.getQueryData<ResourcePageData>(pageDataKey(name))
  void client.prefetchQuery({
    queryKey: pageDataKey(name),
    queryFn: () => fetchPageData(name),
    staleTime: PAGE_DATA_STALE_MS,
  })
  const state = parseListSearch(search)
  const tree = cached ? Boolean(cached.tree) : treeLists().includes(name)
  const params = listParams(
    { ...state, perPage: state.perPage ?? cached?.per_page ?? DEFAULT_PER_PAGE, counted: false },
    tree,
  )
  void client.prefetchQuery({
    queryKey: listKey(name, params),
    queryFn: () => http.get(`${resourceUrl(name)}/list`, params),
  })
  prefetchListSettings(client, name)
}
