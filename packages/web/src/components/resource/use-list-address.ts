import type { ResourcePageData } from '@brokerdesk/shared'
import type { TableProps } from 'antd'
import type { SorterResult } from 'antd/es/table/interface'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { Params } from '../../api/http'
import { listSearchFor, listSearchOf, parseListSearch, rememberListSearch } from '../../state/list-state'
import { filterParams } from './ResourceFilters'
import type { Row } from './resource-api'

/** Where a list stands, as its address says: filters, sort, page and page size. */
export interface ListPlace {
  filters: Params
  sort?: string
  page?: number
  perPage?: number
}

/**
 * The address of a list holds its filters, sort, page and size (shared, reloaded, back/forward). A
 * list opened without them comes back as it was left in this tab, or with the page's initial
 * filters. `go` moves the list to another place: a new entry of the browser's history; so do a
 * click on a column's header and the pager (`onTableChange`).
 */
export function useListAddress(page: ResourcePageData, initialFilters?: Record<string, unknown>) {
  const name = page.resource
  const location = useLocation()
  const navigate = useNavigate()
  const [opened] = useState(() => {
    const search = listSearchFor(name, location.search)
    const initial = initialFilters
      ? listSearchOf({ filters: filterParams(page.filters, initialFilters) })
      : ''
    return { key: location.key, search: search || initial }
  })
  const search = location.key === opened.key ? opened.search : location.search
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the list opens
  useEffect(() => {
    if (opened.search !== location.search) navigate({ search: opened.search }, { replace: true })
  }, [])
  useEffect(() => rememberListSearch(name, search), [name, search])
  const place = useMemo(() => parseListSearch(search), [search])
  // The table may call back with a handler of an earlier render: moves start from the latest place.
  const latest = useRef(place)
  latest.current = place
  // The same functions while the list stays open: the filter form and the toolbar's tools, drawn again
  // only when their own props change, are handed callbacks that call them.
  const go = useCallback(
    (next: Partial<ListPlace>) => {
      const target = listSearchOf({ ...latest.current, ...next })
      rememberListSearch(name, target)
      navigate({ search: target })
    },
    [name, navigate],
  )
  /** Opens another address query of this list (a saved view). */
  const open = useCallback((next: string) => navigate({ search: next }), [navigate])
  // A click on a header sorts (from the first page); the pager moves or resizes the page.
  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined
      const next =
        s?.order && s.columnKey ? `${s.order === 'descend' ? '-' : ''}${String(s.columnKey)}` : undefined
      go({ sort: next, page: 1 })
    } else if (extra.action === 'paginate') {
      const shownSize = latest.current.perPage ?? page.per_page
      const size = pagination.pageSize ?? shownSize
      go({
        page: size === shownSize ? (pagination.current ?? 1) : 1,
        perPage: size === page.per_page ? undefined : size,
      })
    }
  }
  return { search, place, go, open, onTableChange }
}
