import { MAX_SKIPPED_ROWS } from '@brokerdesk/shared'

/** Where the page the list shows sits: a nearby page is asked for from its first or last row. */
export interface PageAnchor {
  /** The list the page belongs to (filters, sort, size): an anchor serves only that list. */
  shape: string
  page: number
  firstId: number
  lastId: number
}

export interface PagePositionOptions {
  page: number
  perPage: number
  shape: string
  anchor?: PageAnchor
  /** The last page's number when the total is an estimate: the pages near it are read from the end. */
  estimatedLast?: number
  /** Whether the sort lets a page follow a row (`after` / `before`): one direction, fields never empty. */
  cursors: boolean
}

export type PositionParams = { after?: number; before?: number; last?: 1; skip?: number }

/**
 * How the pager asks for a page. The server opens a page by number only within the first
 * MAX_SKIPPED_ROWS rows (skipping rows reads each one); a deeper page is read by position, skipping
 * as few rows as it can: from the page shown (the rows after its last or before its first row), or
 * back from the end (`last=1`, the last page being the last rows when the total is an estimate).
 * When neither is near enough the page is asked for by number, and the server's 422 says what the
 * user can do. The last page of an estimated total is always read from the end.
 */
export function pagePosition(options: PagePositionOptions): PositionParams {
  const { page, perPage, anchor, estimatedLast } = options
  const fromEnd =
    estimatedLast !== undefined && page > 1 && page <= estimatedLast
      ? { rows: (estimatedLast - page) * perPage, params: { last: 1 as const } }
      : undefined
  if (fromEnd?.rows === 0) return { last: 1 }
  if ((page - 1) * perPage <= MAX_SKIPPED_ROWS) return {}
  const near =
    options.cursors && anchor && anchor.shape === options.shape && anchor.page !== page
      ? page > anchor.page
        ? { rows: (page - anchor.page - 1) * perPage, params: { after: anchor.lastId } }
        : { rows: (anchor.page - page - 1) * perPage, params: { before: anchor.firstId } }
      : undefined
  const best = [near, fromEnd]
    .filter((way) => way !== undefined && way.rows <= MAX_SKIPPED_ROWS)
    .sort((a, b) => (a?.rows ?? 0) - (b?.rows ?? 0))[0]
  if (!best) return {}
  return best.rows > 0 ? { ...best.params, skip: best.rows } : best.params
}

/**
 * Whether a page of this sort can follow a row (`after` / `before`): every key in one direction, by
 * fields the page data names as never empty (the id always is).
 */
export function sortFollowsRows(
  sort: string | undefined,
  defaultSort: string,
  positionSorts?: string[],
): boolean {
  const keys = (sort || defaultSort || '-id')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
  const desc = keys[0]?.startsWith('-') ?? true
  return keys.every((key) => {
    const field = key.replace(/^-/, '')
    return key.startsWith('-') === desc && (field === 'id' || positionSorts?.includes(field) === true)
  })
}
