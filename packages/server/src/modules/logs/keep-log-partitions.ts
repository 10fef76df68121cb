import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { LiveSettings } from '../configs/live-settings'

/** Months of partitions made ahead of the current one: writes never wait for one being made. */
export const MONTHS_AHEAD = 3

/** The first day (UTC) of the oldest month kept when `months` months before the current one are kept. */
export function firstKeptMonth(months: number, now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)).toISOString().slice(0, 10)
}

/**
 * The upkeep of the partitioned operation log: the partitions of the coming months made (and of any
 * month whose entries fell into the default partition), and, when the `log_keep_months` setting asks
 * for it, the months before those kept dropped whole with their login statistics.
 */
export async function keepLogPartitions(
  db: Db,
  settings: Pick<LiveSettings, 'value'>,
  now = new Date(),
): Promise<{ made: number; dropped: number }> {
  const made = (await db.execute(sql`select ensure_log_partitions(${MONTHS_AHEAD}) as made`)) as unknown as {
    rows: { made: number }[]
  }
  const months = Math.trunc(Number(await settings.value('log_keep_months')))
  let dropped = 0
  if (Number.isFinite(months) && months > 0) {
    const result = (await db.execute(
      sql`select drop_log_months_before(${firstKeptMonth(months, now)}::date) as dropped`,
    )) as unknown as { rows: { dropped: number }[] }
    dropped = Number(result.rows[0]?.dropped ?? 0)
  }
  return { made: Number(made.rows[0]?.made ?? 0), dropped }
}
