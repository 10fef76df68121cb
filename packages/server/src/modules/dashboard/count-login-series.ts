import {
  LOGIN_RANGE_PERIODS,
  type LoginRange,
  type LoginSeriesAnswer,
  type LoginSeriesPoint,
} from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { loginCounts } from '../../db/schema/index'
import { PERIOD_LABELS } from '../log-counts/count-logins'

/** Where each range starts: the periods up to now that make it (7 and 30 days, 3 and 12 months). */
const RANGE_STARTS: Record<Exclude<LoginRange, 'all'>, string> = {
  week: '6 days',
  month: '29 days',
  three_months: '3 months',
  year: '11 months',
}

/**
 * Successful logins and distinct IPs in every period of the range up to now (UTC), periods without
 * logins counted as zero, so a chart's axis is continuous. "All" starts at the first login. Read from
 * the rollups the log's triggers keep (`login_counts`): a few rows whatever the size of the log.
 */
export async function countLoginSeries(db: Db, range: LoginRange): Promise<LoginSeriesAnswer> {
  const period = LOGIN_RANGE_PERIODS[range]
  // The period is one of three fixed words and the range start a fixed interval: both inlined.
  const unit = sql.raw(`'${period}'`)
  const now = sql`(now() at time zone 'UTC')`
  const first =
    range === 'all'
      ? sql`(select min(${loginCounts.bucket})::timestamp from ${loginCounts} where ${loginCounts.period} = ${unit})`
      : sql`date_trunc(${unit}, ${now} - interval '${sql.raw(RANGE_STARTS[range])}')`
  const result = (await db.execute(sql`
    select to_char(series.bucket, '${sql.raw(PERIOD_LABELS[period])}') as date,
      to_char(series.bucket, 'YYYY-MM-DD') as start,
      coalesce(${loginCounts.logins}, 0) as login_count, coalesce(${loginCounts.ips}, 0) as ip_count
    from generate_series(${first}, date_trunc(${unit}, ${now}), ${sql.raw(`interval '1 ${period}'`)})
      as series(bucket)
    left join ${loginCounts} on ${loginCounts.period} = ${unit} and ${loginCounts.bucket} = series.bucket::date
    order by series.bucket`)) as unknown as { rows: LoginSeriesPoint[] }
  return {
    range,
    period,
    data: result.rows.map((row) => ({
      ...row,
      login_count: Number(row.login_count),
      ip_count: Number(row.ip_count),
    })),
  }
}
