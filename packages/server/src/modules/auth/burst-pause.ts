/**
 * "`count` events within `windowMs`, then a pause of `pauseMs`": given the latest events, newest
 * first, when the pause ends — or undefined when there is none now. Events refused during a pause
 * are not recorded, so the newest event is the one that started it.
 */
export function pauseEndOf(
  newestFirst: Date[],
  rule: { count: number; windowMs: number; pauseMs: number },
  now = new Date(),
): Date | undefined {
  if (newestFirst.length < rule.count) return undefined
  const newest = newestFirst[0].getTime()
  const oldest = newestFirst[rule.count - 1].getTime()
  if (newest - oldest > rule.windowMs) return undefined
  const end = newest + rule.pauseMs
  return end > now.getTime() ? new Date(end) : undefined
}
