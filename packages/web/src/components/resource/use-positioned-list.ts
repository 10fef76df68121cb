import type { ResourcePageData } from '@brokerdesk/shared'
import { useEffect, useMemo, useRef } from 'react'
import { HttpError } from '../../api/http'
import type { ListState } from '../../state/list-state'
import { listParams } from './list-prefetch'
import { type PageAnchor, pagePosition, sortFollowsRows } from './page-position'
import { useResourceList } from './resource-api'

/**
 * The rows of the list's page. A deep page is asked for by position (page-position.ts): from the page
 * shown, or back from the end when the total is only an estimate (a big list), rather than by
 * skipping every row before it. The way is chosen when the page or the list changes, from where the
 * list stood then. A page too deep to be opened by its number, or a search too broad to be answered
 * in time, comes back as the server's 422: `refusal` says what the user can do.
 */
export function usePositionedList(
  page: ResourcePageData,
  place: ListState,
  options: { counted: boolean; enabled: boolean },
) {
  const { filters, sort, page: pageNo } = place
  const perPage = place.perPage ?? page.per_page
  const shape = JSON.stringify([filters, sort, perPage, options.counted])
  const estimatedLast = useRef<number | undefined>(undefined)
  const anchor = useRef<PageAnchor | undefined>(undefined)
  const cursors = sortFollowsRows(sort, page.default_sort, page.position_sorts)
  // biome-ignore lint/correctness/useExhaustiveDependencies: chosen again only for another page or list
  const position = useMemo(
    () =>
      pagePosition({
        page: pageNo,
        perPage,
        shape,
        anchor: anchor.current,
        estimatedLast: estimatedLast.current,
        cursors,
      }),
    [pageNo, shape],
  )
  const params = {
    ...listParams({ filters, sort, page: pageNo, perPage, counted: options.counted }, Boolean(page.tree)),
    ...position,
  }
  const list = useResourceList(page.resource, params, options.enabled)
  useEffect(() => {
    const data = list.data
    if (!data || list.isPlaceholderData) return
    const estimate = data.total === undefined && !data.total_exact ? data.total_estimate : undefined
    estimatedLast.current = estimate === undefined ? undefined : Math.max(1, Math.ceil(estimate / perPage))
    const rows = data.data
    anchor.current =
      rows.length > 0
        ? {
            shape,
            page: data.current_page,
            firstId: Number(rows[0].id),
            lastId: Number(rows[rows.length - 1].id),
          }
        : undefined
  }, [list.data, list.isPlaceholderData, perPage, shape])
  const refused = list.error instanceof HttpError && list.error.status === 422 ? list.error : undefined
  const tooDeep = refused ? (refused.errors.page ?? refused.errors.skip)?.[0] : undefined
  const refusal =
    tooDeep ?? (refused ? (Object.values(refused.errors).flat()[0] ?? refused.message) : undefined)
  return { list, perPage, refusal, tooDeep: Boolean(tooDeep), estimatedLast: estimatedLast.current }
}
