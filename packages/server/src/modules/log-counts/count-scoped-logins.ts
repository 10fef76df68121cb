import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { logs } from '../../db/schema/index'
import type { CountLoginsOptions, LoginCountRow } from './count-logins'
import { PERIOD_LABELS } from './count-logins'

/**
 * Logins and distinct addresses per period of the accounts of a caller's data scope (`scope`, a
 * condition on the log), counted from the log itself: the rollups hold everybody's logins. A scope
 * holds a part of the accounts, so its logins are read through the log's user index.
 */
export async function countScopedLogins(
  db: Db,
  options: CountLoginsOptions & { scope: SQL },
): Promise<{ rows: LoginCountRow[]; total: number }> {
  const unit = sql.raw(`'${options.period}'`)
  const to = options.to ? options.to.toISOString() : undefined
  const result = (await db.execute(sql`
    with grouped as (
      select date_trunc(${unit}, ${logs.created_at} at time zone 'UTC') as bucket,
        count(*)::int as login_count, count(distinct ${logs.ip})::int as ip_count
      from ${logs}
      where ${logs.menu_id} = (select login_menu_id()) and ${logs.deleted_at} is null and ${options.scope}
        ${options.from ? sql`and ${logs.created_at} >= ${options.from.toISOString()}` : sql``}
        ${to ? (options.toExclusive ? sql`and ${logs.created_at} < ${to}` : sql`and ${logs.created_at} <= ${to}`) : sql``}
      group by 1)
    select to_char(bucket, '${sql.raw(PERIOD_LABELS[options.period])}') as date, login_count, ip_count,
      count(*) over ()::int as total
    from grouped order by bucket ${sql.raw(options.desc ? 'desc' : 'asc')}
    limit ${options.limit} offset ${options.offset}`)) as unknown as {
    rows: Array<LoginCountRow & { total: number }>
  }
  const total = result.rows[0]?.total ?? (options.offset > 0 ? await countPeriods(db, options) : 0)
  return {
    rows: result.rows.map(({ date, login_count, ip_count }) => ({ date, login_count, ip_count })),
    total: Number(total),
  }
}

/** The number of periods with logins, for a page past the last one (which holds no row to tell it). */
async function countPeriods(db: Db, options: CountLoginsOptions & { scope: SQL }): Promise<number> {
  const { total } = await countScopedLogins(db, { ...options, limit: 1, offset: 0 })
  return total
}
