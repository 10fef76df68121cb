import type { LogCountPeriod } from '@brokerdesk/shared'
import { and, eq, gte, isNull, lt, lte, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { logs, menus } from '../../db/schema/index'

/** How each period is labelled: 2024-05-01, 2024-W18 (ISO week), 2024-05, 2024-Q2, 2024. */
export const PERIOD_LABELS: Record<LogCountPeriod, string> = {
  day: 'YYYY-MM-DD',
  week: 'IYYY-"W"IW',
  month: 'YYYY-MM',
  quarter: 'YYYY-"Q"Q',
  year: 'YYYY',
}

export interface CountLoginsOptions {
  period: LogCountPeriod
  from?: Date
  /** Upper bound; `toExclusive` when it came as a day (the whole day counts). */
  to?: Date
  toExclusive?: boolean
  desc: boolean
  limit: number
  offset: number
}

/**
 * A successful login is an operation-log row of the login route (the menu item `POST /open/login`):
 * the login writes it only when the login succeeds.
 */
export const loginMenuId = sql`(select ${menus.id} from ${menus} where ${menus.url} = '/open/login'
  and (${menus.method} & 2) <> 0 and ${menus.deleted_at} is null order by ${menus.id} limit 1)`

function whereOf(options: CountLoginsOptions): SQL | undefined {
  return and(
    eq(logs.menu_id, loginMenuId),
    isNull(logs.deleted_at),
    options.from ? gte(logs.created_at, options.from) : undefined,
    options.to
      ? options.toExclusive
        ? lt(logs.created_at, options.to)
        : lte(logs.created_at, options.to)
      : undefined,
  )
}

/** The periods (newest first by default) with their login count and distinct IP count. */
export async function countLogins(db: Db, options: CountLoginsOptions) {
  // The period is one of five fixed words, inlined so the select and the group by are one expression.
  const bucket = sql`date_trunc('${sql.raw(options.period)}', ${logs.created_at})`
  return db
    .select({
      date: sql<string>`to_char(${bucket}, '${sql.raw(PERIOD_LABELS[options.period])}')`,
      login_count: sql<number>`count(*)::int`,
      ip_count: sql<number>`count(distinct ${logs.ip})::int`,
    })
    .from(logs)
    .where(whereOf(options))
    .groupBy(bucket)
    .orderBy(options.desc ? sql`${bucket} desc` : sql`${bucket} asc`)
    .limit(options.limit)
    .offset(options.offset)
}

/** How many periods have logins. */
export async function countLoginPeriods(db: Db, options: CountLoginsOptions): Promise<number> {
  const bucket = sql`date_trunc('${sql.raw(options.period)}', ${logs.created_at})`
  const result = (await db.execute(
    sql`select count(distinct ${bucket})::int as total from ${logs} where ${whereOf(options)}`,
  )) as unknown as { rows: { total: number }[] }
  return Number(result.rows[0]?.total ?? 0)
}
