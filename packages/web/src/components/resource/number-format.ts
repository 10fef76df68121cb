const warmed = new Set<string>()

/**
 * Readies the browser's number formatting for a language while the page waits. Its first use in a
 * tab loads ICU's number data, 20–60 ms of the main thread (four times that on a slowed phone), and
 * that first use was the pager's total (`toLocaleString`), drawn in the same task as a cold list's
 * first rows. A list asked for waits for its answer: the warm-up runs in that wait, once per language,
 * as a task of its own right after the current one. (When the browser is idle came too late on a
 * slowed phone: a cold list at 390 px, CPU 4×, never had an idle moment before its rows, and the
 * pager's total still took 140 ms of the rows' task.)
 */
export function warmNumberFormat(language: string): void {
  if (warmed.has(language)) return
  warmed.add(language)
  window.setTimeout(() => void (0).toLocaleString(language), 0)
}
