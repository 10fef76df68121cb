import type { SharedCounter } from '../../db/shared-counter'

/** Searches one user may make per window, and the window. */
export const SEARCHES_PER_WINDOW = 30
export const SEARCH_WINDOW_MS = 60_000

/**
 * A fixed-window count per user, shared by every server process (the searches cost the firm's AMap
 * quota, so one user cannot drain it; answers from the cache are not counted).
 */
export class SearchLimit {
  constructor(
    private readonly counter: SharedCounter,
    private readonly limit = SEARCHES_PER_WINDOW,
    private readonly windowMs = SEARCH_WINDOW_MS,
  ) {}

  /** Counts a search; answers the seconds to wait when the user is over the limit, else 0. */
  take(userId: number): Promise<number> {
    return this.counter.take(`map-search:${userId}`, this.limit, this.windowMs)
  }
}
