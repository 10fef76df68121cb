/** Searches one user may make per window, and the window. */
export const SEARCHES_PER_WINDOW = 30
export const SEARCH_WINDOW_MS = 60_000

/**
 * A fixed-window counter per user, in this process (the searches cost the firm's AMap quota, so one
 * user cannot drain it; answers from the cache are not counted).
 */
export class SearchLimit {
  private readonly windows = new Map<number, { start: number; count: number }>()

  constructor(
    private readonly limit = SEARCHES_PER_WINDOW,
    private readonly windowMs = SEARCH_WINDOW_MS,
  ) {}

  /** Counts a search; answers the seconds to wait when the user is over the limit, else 0. */
  take(userId: number, now = Date.now()): number {
    const current = this.windows.get(userId)
    if (!current || now - current.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.prune(now)
      this.windows.set(userId, { start: now, count: 1 })
      return 0
    }
    if (current.count >= this.limit) return Math.ceil((current.start + this.windowMs - now) / 1000)
    current.count += 1
    return 0
  }

  private prune(now: number) {
    for (const [id, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(id)
  }
}
