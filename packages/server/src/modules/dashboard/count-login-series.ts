import {
  LOGIN_RANGE_PERIODS,
  type LoginRange,
  type LoginSeriesAnswer,
  type LoginSeriesPoint,
} from '@brokerdesk/shared'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { loginCounts, logs } from '../../db/schema/index'
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
 * the rollups the log's triggers keep (`login_counts`): a few rows whatever the size of the log. With
 * a `scope` (a condition on the log: the accounts of a scoped administrator) the logins in the range
 * are counted from the log itself, as the rollups hold everybody's.
 */
export async function countLoginSeries(db: Db, range: LoginRange, scope?: SQL): Promise<LoginSeriesAnswer> {
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
    left join ${scope ? scopedCounts(unit, first, scope) : loginCounts} on ${loginCounts.period} = ${unit}
      and ${loginCounts.bucket} = series.bucket::date
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

/**
 * The logins of the scope's accounts per period from `first` on, shaped as `login_counts` (period,
 * bucket, logins, ips) so the series joins it the same way.
 */
function scopedCounts(unit: SQL, first: SQL, scope: SQL): SQL {
  return sql`(select ${unit}::varchar as period, date_trunc(${unit}, ${logs.created_at} at time zone 'UTC')::date as bucket,
      count(*)::int as logins, count(distinct ${logs.ip})::int as ips
    from ${logs}
    where ${logs.menu_id} = (select login_menu_id()) and ${logs.deleted_at} is null and ${scope}
      and ${logs.created_at} >= (${first}) at time zone 'UTC'
    group by 2) as ${sql.identifier('login_counts')}`
}
