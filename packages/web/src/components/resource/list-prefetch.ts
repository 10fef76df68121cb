import { DEFAULT_PER_PAGE, type ResourcePageData } from '@brokerdesk/shared'
import type { QueryClient } from '@tanstack/react-query'
import { http, type Params } from '../../api/http'
import { i18n } from '../../i18n/i18n'
import { requestLanguage } from '../../i18n/language'
import { parseListSearch } from '../../state/list-state'
import { keepPageData, keptPageData } from '../../state/page-data-store'
import { sessionStore } from '../../state/session-store'
import { prefetchListSettings } from './list-settings-api'
import { warmNumberFormat } from './number-format'

/** The query keys and fetchers of a resource's page data and list, shared by the page and the prefetch. */
export const resourceUrl = (name: string) => `/admin/${name}`
export const pageDataKey = (name: string) => ['resource', name, 'page'] as const
export const listKey = (name: string, params: Params) => ['resource', name, 'list', params] as const
export const PAGE_DATA_STALE_MS = 60_000

/** Whose page data a kept copy is: the user and the language (the server translates labels). */
const pageDataOwner = () => `${sessionStore.get().user.id ?? ''}|${i18n.language}`

/** GET /admin/<name>: the page data, kept for the next load of this tab (see page-data-store). */
export async function fetchPageData(name: string): Promise<ResourcePageData> {
  const owner = pageDataOwner()
  const data = await http.get<ResourcePageData>(resourceUrl(name))
  keepPageData(owner, name, data)
  return data
}

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
 *
 * After a reload the page data kept in this tab (page-data-store) shows the list's frame at once, and
 * the server is asked for it again only once the rows came: a single-connection database (PGlite)
 * answers one at a time, and the page data (options of every filter) is the slower of the two.
 * Its answer replaces the kept copy; an unchanged one renders nothing anew (structural sharing).
 */
export function prefetchResourceList(client: QueryClient, name: string, search: string): void {
  let cached = client.getQueryData<ResourcePageData>(pageDataKey(name))
  const kept = cached || !sessionStore.get().user.id ? undefined : keptPageData(pageDataOwner(), name)
  if (kept) {
    client.setQueryData(pageDataKey(name), kept)
    cached = kept
  } else {
    void client.prefetchQuery({
      queryKey: pageDataKey(name),
      queryFn: () => fetchPageData(name),
      staleTime: PAGE_DATA_STALE_MS,
    })
  }
  const state = parseListSearch(search)
  const tree = cached ? Boolean(cached.tree) : treeLists().includes(name)
  const params = listParams(
    { ...state, perPage: state.perPage ?? cached?.per_page ?? DEFAULT_PER_PAGE, counted: false },
    tree,
  )
  const rows = client.prefetchQuery({
    queryKey: listKey(name, params),
    queryFn: () => http.get(`${resourceUrl(name)}/list`, params),
  })
  prefetchListSettings(client, name)
  // The pager's total is formatted with the first rows.
  warmNumberFormat(requestLanguage())
  if (kept)
    void rows.then(() =>
      client
        .fetchQuery({ queryKey: pageDataKey(name), queryFn: () => fetchPageData(name), staleTime: 0 })
        .catch(() => undefined),
    )
}
