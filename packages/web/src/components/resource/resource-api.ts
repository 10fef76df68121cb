import type { OptionItem, TreeOptionItem } from '@brokerdesk/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { HttpError, http, type Params } from '../../api/http'
import { fetchPageData, listKey, PAGE_DATA_STALE_MS, pageDataKey, resourceUrl } from './list-prefetch'

export { resourceUrl }

export type Row = Record<string, unknown> & { id: number }

/** The records a bulk edit changes: the selected ones, or every one the list's filters match. */
export type BulkTarget = { ids: number[] } | { filter: Params }

export interface ListAnswer {
  data: Row[]
  current_page: number
  per_page: number
  last_page: number
  total?: number
  /** About how many rows match, when not counted; total_exact: exactly that many. */
  total_estimate?: number
  total_exact?: boolean
}

/** GET /admin/<name>: the page data (fields, columns, filters, actions this user may do, options). */
export function usePageData(name: string) {
  return useQuery({
    queryKey: pageDataKey(name),
    queryFn: () => fetchPageData(name),
    staleTime: PAGE_DATA_STALE_MS,
  })
}

/**
 * GET /admin/<name>/list with the filters, sort and page of the list. The last page is asked for
 * with `last=1` (read backwards from the index instead of skipping every row before it); a sort the
 * server cannot page that way (422) gets the page by its number instead.
 */
export function useResourceList(name: string, params: Params, enabled = true) {
  return useQuery({
    queryKey: listKey(name, params),
    queryFn: async () => {
      const url = `${resourceUrl(name)}/list`
      if (!params.last) return http.get<ListAnswer>(url, params)
      try {
        return await http.get<ListAnswer>(url, params, { handledStatuses: [422] })
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 422) throw error
        return http.get<ListAnswer>(url, { ...params, last: undefined })
      }
    },
    placeholderData: keepPreviousData,
    enabled,
  })
}

/** GET /admin/<name>/{id}; `create` answers the defaults of a new record. */
export function useResourceRow(name: string, id: string) {
  return useQuery({
    queryKey: ['resource', name, 'row', id],
    queryFn: async () =>
      (await http.get<{ row: Row }>(`${resourceUrl(name)}/${id}`, undefined, { handledStatuses: [404] })).row,
    retry: false,
    gcTime: 0,
  })
}

export function saveRow(name: string, id: string, values: Record<string, unknown>) {
  return id === 'create'
    ? http.post<{ row?: Row }>(resourceUrl(name), values)
    : http.put<{ row?: Row }>(`${resourceUrl(name)}/${id}`, values)
}

export function deleteRows(name: string, ids: readonly number[]) {
  return http.delete<unknown>(resourceUrl(name), { ids })
}

/** A flat list of every option of a (tree) option set. */
export function flattenOptions(options: readonly (OptionItem | TreeOptionItem)[] | undefined): OptionItem[] {
  const flat: OptionItem[] = []
  const walk = (items: readonly (OptionItem | TreeOptionItem)[]) => {
    for (const item of items) {
      flat.push(item)
      if ('children' in item && item.children) walk(item.children)
    }
  }
  walk(options ?? [])
  return flat
}
