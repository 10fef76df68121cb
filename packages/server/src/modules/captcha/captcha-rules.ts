/** How a slider challenge is judged (SPEC §8 messages; limits are ours, see docs). */
export const CAPTCHA_RULES = {
  /** A challenge must be answered within this. */
  challengeTtlMs: 2 * 60_000,
  /** The ticket a solved challenge gives must be used within this. */
  ticketTtlMs: 5 * 60_000,
  /** Tries on one challenge before the SPA must fetch a new one. */
  maxTries: 3,
  /** Pixels the piece may be off. */
  tolerancePx: 5,
  /** A human drag takes at least this long... */
  minDurationMs: 300,
  /** ...and at most this. */
  maxDurationMs: 60_000,
  /** Challenges one IP may ask for in a minute (drawing one costs CPU)... */
  perIpPerMinute: 30,
  /** ...and in an hour, so that a solver cannot keep a steady stream of tickets. */
  perIpPerHour: 200,
} as const
