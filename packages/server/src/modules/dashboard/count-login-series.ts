import {
  LOGIN_RANGE_PERIODS,
  type LoginRange,
  type LoginSeriesAnswer,
  type LoginSeriesPoint,
} from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { logs } from '../../db/schema/index'
import { loginMenuId, PERIOD_LABELS } from '../log-counts/count-logins'

/** Where each range starts: the periods up to now that make it (7 and 30 days, 3 and 12 months). */
const RANGE_STARTS: Record<Exclude<LoginRange, 'all'>, string> = {
  week: '6 days',
  month: '29 days',
  three_months: '3 months',
  year: '11 months',
}

const isLogin = sql`${logs.menu_id} = ${loginMenuId} and ${logs.deleted_at} is null`

/**
 * Successful logins and distinct IPs in every period of the range up to now, periods without
 * logins counted as zero, so a chart's axis is continuous. "All" starts at the first login.
 */
export async function countLoginSeries(db: Db, range: LoginRange): Promise<LoginSeriesAnswer> {
  const period = LOGIN_RANGE_PERIODS[range]
  // The period is one of three fixed words and the range start a fixed interval: both inlined.
  const unit = sql.raw(`'${period}'`)
  const start =
    range === 'all'
      ? sql`(select min(${logs.created_at}) from ${logs} where ${isLogin})`
      : sql`now() - interval '${sql.raw(RANGE_STARTS[range])}'`
  const result = (await db.execute(sql`
    with bounds as (select date_trunc(${unit}, ${start}) as first, date_trunc(${unit}, now()) as last),
    counted as (
      select date_trunc(${unit}, ${logs.created_at}) as bucket, count(*)::int as login_count,
        count(distinct ${logs.ip})::int as ip_count
      from ${logs}
      where ${isLogin} and ${logs.created_at} >= (select first from bounds)
      group by 1
    )
    select to_char(series.bucket, '${sql.raw(PERIOD_LABELS[period])}') as date,
      to_char(series.bucket, 'YYYY-MM-DD') as start,
      coalesce(counted.login_count, 0) as login_count, coalesce(counted.ip_count, 0) as ip_count
    from generate_series((select first from bounds), (select last from bounds), ${sql.raw(`interval '1 ${period}'`)})
      as series(bucket)
    left join counted on counted.bucket = series.bucket
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
