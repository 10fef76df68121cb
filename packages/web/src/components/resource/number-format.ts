const warmed = new Set<string>()

/**
 * Readies the browser's number formatting for a language while the page waits. Its first use in a
 * tab loads ICU's number data, 20–60 ms of the main thread (four times that on a slowed phone), and
 * that first use was the pager's total (`toLocaleString`), drawn in the same task as a cold list's
 * first rows. A list asked for waits for its answer: the warm-up runs in that wait, once per language.
 */
export function warmNumberFormat(language: string): void {
  if (warmed.has(language)) return
  warmed.add(language)
  const warm = () => void (0).toLocaleString(language)
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(warm, { timeout: 2000 })
  else window.setTimeout(warm, 0)
}
