/** A period by its first day (YYYY-MM-DD) in the language's words: "May 1" / "5月1日" for days and weeks, "May 2024" for months. */
export function formatPeriodStart(start: string, period: 'day' | 'week' | 'month', language: string): string {
  const [year, month, day] = start.split('-').map(Number)
  const date = new Date(year, month - 1, day)
  const parts: Intl.DateTimeFormatOptions =
    period === 'month' ? { year: 'numeric', month: 'short' } : { month: 'short', day: 'numeric' }
  return new Intl.DateTimeFormat(language, parts).format(date)
}
