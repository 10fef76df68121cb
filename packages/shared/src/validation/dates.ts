/**
 * Reading dates and times strictly: a day must exist in the calendar (no 31 February) and the year
 * must have four digits, from 0001 to 9999, which PostgreSQL's date and timestamptz and JavaScript's
 * Date all hold. Lenient parsing let `+275760-09-13` and `2024-02-31` through to the database.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?)?(Z|[+-](\d{2}):?(\d{2}))?$/

/** The last moment a date-time may be, in any offset: the end of year 9999 in UTC. */
export const LATEST_MOMENT = Date.parse('9999-12-31T23:59:59.999Z')
const EARLIEST_MOMENT = Date.parse('0001-01-01T00:00:00Z')

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

function isCalendarDay(year: number, month: number, day: number): boolean {
  const lengths = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= lengths[month - 1]
}

/** A day `yyyy-MM-dd` that exists, as given; undefined otherwise. */
export function readDate(text: string): string | undefined {
  const match = DATE.exec(text)
  if (!match) return undefined
  return isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3])) ? text : undefined
}

/**
 * A moment: `yyyy-MM-dd`, `yyyy-MM-dd hh:mm[:ss[.ffffff]]` or ISO 8601 with `T` and an offset. A day
 * alone is midnight UTC, a time without an offset is local time (as `Date.parse` reads them).
 */
export function readDateTime(text: string): Date | undefined {
  const match = DATE_TIME.exec(text)
  if (!match) return undefined
  const [, year, month, day, hour = '00', minute = '00', second = '00', , , offsetHour, offsetMinute] = match
  if (!isCalendarDay(Number(year), Number(month), Number(day))) return undefined
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return undefined
  if (offsetHour !== undefined && (Number(offsetHour) > 23 || Number(offsetMinute) > 59)) return undefined
  const time = Date.parse(text.replace(' ', 'T'))
  if (Number.isNaN(time) || time < EARLIEST_MOMENT || time > LATEST_MOMENT) return undefined
  return new Date(time)
}

/** Whether the text is a day only (a range's upper bound then includes the whole day). */
export const isDateOnly = (text: string) => DATE.test(text)
