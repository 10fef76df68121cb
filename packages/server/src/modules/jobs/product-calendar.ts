import type { ProductCalendarEntry } from '@brokerdesk/shared'
import { and, gte, isNull, lt, ne, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products } from '../../db/schema/index'
import { localDate } from './product-sale-calendar'

/** The most changes a month answers (a month of a large catalogue is cut there, earliest first). */
export const CALENDAR_MAX_ENTRIES = 2000
/** products.status 2: out of service, which the calendar never moves. */
const OUT_OF_SERVICE = 2

/** The first day of `month` (YYYY-MM) and of the month after, as local dates. */
function monthRange(month: string): { from: string; to: string } {
  const [year, index] = month.split('-').map(Number)
  const next = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`
  return { from: `${month}-01`, to: `${next}-01` }
}

/**
 * The sale calendar of a month: each live product released in it (to 在售 at its release time) or
 * stopping in it (to 停售 on its closing date), by day; out-of-service products are left out.
 */
export async function readProductCalendar(
  db: Db,
  month: string,
): Promise<{ month: string; entries: ProductCalendarEntry[]; truncated: boolean }> {
  const { from, to } = monthRange(month)
  const fromAt = new Date(`${from}T00:00:00`)
  const toAt = new Date(`${to}T00:00:00`)
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      status: products.status,
      issue_at: products.issue_at,
      stop_at: products.stop_at,
    })
    .from(products)
    .where(
      and(
        isNull(products.deleted_at),
        ne(products.status, OUT_OF_SERVICE),
        or(
          and(gte(products.issue_at, fromAt), lt(products.issue_at, toAt)),
          and(gte(products.stop_at, from), lt(products.stop_at, to)),
        ),
      ),
    )
    .limit(CALENDAR_MAX_ENTRIES + 1)
  const entries: ProductCalendarEntry[] = []
  for (const row of rows.slice(0, CALENDAR_MAX_ENTRIES)) {
    const base = { product_id: row.id, name: row.name, status: row.status }
    if (row.issue_at && row.issue_at >= fromAt && row.issue_at < toAt)
      entries.push({ ...base, date: localDate(row.issue_at), change: 'release' })
    if (row.stop_at && row.stop_at >= from && row.stop_at < to)
      entries.push({ ...base, date: row.stop_at, change: 'stop' })
  }
  entries.sort((a, b) => a.date.localeCompare(b.date) || a.product_id - b.product_id)
  return { month, entries, truncated: rows.length > CALENDAR_MAX_ENTRIES }
}
