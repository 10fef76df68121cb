import type { LogCountPeriod } from '@brokerdesk/shared'

/** A range of log statistics: from (inclusive) to (inclusive unless `toExclusive`), either open. */
export interface TimeRange {
  from?: Date
  to?: Date
  toExclusive?: boolean
}

/** A rolled-up period: its kind and first day (YYYY-MM-DD, UTC). */
export interface RolledUpPeriod {
  period: LogCountPeriod
  start: string
}

/** Entries read from the log itself: less than a day at an end of a range. */
export interface RawSpan {
  from: Date
  to: Date
  toInclusive: boolean
}

/** The part of one period a range covers: rolled-up periods inside it, and the hours at its ends. */
export interface LoginPiece {
  /** The first day of the period it belongs to (YYYY-MM-DD). */
  bucket: string
  buckets: RolledUpPeriod[]
  raw: RawSpan[]
}

const DAY_MS = 86_400_000
/** Longest first: the fewest rolled-up periods cover a piece. Weeks do not nest in months. */
const NESTED: LogCountPeriod[] = ['year', 'quarter', 'month', 'day']

const dayOf = (time: Date) => time.toISOString().slice(0, 10)

/** The start of the period (UTC; weeks start on Monday, as ISO weeks do) that holds `time`. */
export function startOf(period: LogCountPeriod, time: Date): Date {
  const year = time.getUTCFullYear()
  const month = time.getUTCMonth()
  const day = Date.UTC(year, month, time.getUTCDate())
  switch (period) {
    case 'day':
      return new Date(day)
    case 'week':
      return new Date(day - ((time.getUTCDay() + 6) % 7) * DAY_MS)
    case 'month':
      return new Date(Date.UTC(year, month, 1))
    case 'quarter':
      return new Date(Date.UTC(year, month - (month % 3), 1))
    case 'year':
      return new Date(Date.UTC(year, 0, 1))
  }
}

/** The start of the period after the one starting at `start`. */
export function nextStart(period: LogCountPeriod, start: Date): Date {
  const year = start.getUTCFullYear()
  const month = start.getUTCMonth()
  switch (period) {
    case 'day':
      return new Date(start.getTime() + DAY_MS)
    case 'week':
      return new Date(start.getTime() + 7 * DAY_MS)
    case 'month':
      return new Date(Date.UTC(year, month + 1, 1))
    case 'quarter':
      return new Date(Date.UTC(year, month + 3, 1))
    case 'year':
      return new Date(Date.UTC(year + 1, 0, 1))
  }
}

/** [from, to) (or [from, to]) within one period, as rolled-up periods and spans of the log. */
function cover(from: Date, to: Date, toInclusive: boolean): Omit<LoginPiece, 'bucket'> {
  const buckets: RolledUpPeriod[] = []
  const raw: RawSpan[] = []
  let at = from
  if (startOf('day', at).getTime() < at.getTime()) {
    const end = nextStart('day', startOf('day', at))
    if (end.getTime() >= to.getTime()) return { buckets, raw: [{ from: at, to, toInclusive }] }
    raw.push({ from: at, to: end, toInclusive: false })
    at = end
  }
  while (at.getTime() < to.getTime()) {
    const fits = NESTED.find(
      (period) =>
        startOf(period, at).getTime() === at.getTime() && nextStart(period, at).getTime() <= to.getTime(),
    )
    if (!fits) {
      raw.push({ from: at, to, toInclusive })
      return { buckets, raw }
    }
    buckets.push({ period: fits, start: dayOf(at) })
    at = nextStart(fits, at)
  }
  if (toInclusive) raw.push({ from: to, to, toInclusive: true })
  return { buckets, raw }
}

/**
 * Splits a range into the periods it holds whole (`whole`: first days, from inclusive, to exclusive)
 * and the periods it cuts: at its start and at its end (one only when both ends cut the same period).
 */
export function piecesOf(
  period: LogCountPeriod,
  range: TimeRange,
): { whole: { from?: string; to?: string; empty: boolean }; start?: LoginPiece; end?: LoginPiece } {
  const { from, to } = range
  const toInclusive = Boolean(to && !range.toExclusive)
  if (from && to && (toInclusive ? to < from : to <= from)) return { whole: { empty: true } }
  let start: LoginPiece | undefined
  let wholeFrom = from
  if (from && startOf(period, from) < from) {
    const bucket = startOf(period, from)
    const end = nextStart(period, bucket)
    const inside = to && (toInclusive ? to < end : to <= end)
    start = { bucket: dayOf(bucket), ...cover(from, inside ? to : end, inside ? toInclusive : false) }
    wholeFrom = end
    if (inside) return { whole: { empty: true }, start }
  }
  const wholeTo = to ? startOf(period, to) : undefined
  const end =
    to && wholeTo && (toInclusive || wholeTo < to)
      ? { bucket: dayOf(wholeTo), ...cover(wholeTo, to, toInclusive) }
      : undefined
  return {
    start,
    end,
    whole: {
      from: wholeFrom && dayOf(wholeFrom),
      to: wholeTo && dayOf(wholeTo),
      empty: Boolean(wholeFrom && wholeTo && wholeFrom >= wholeTo),
    },
  }
}
