import type { LogCountPeriod } from '@brokerdesk/shared'
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { loginAddresses, loginCounts, logs } from '../../db/schema/index'
import { type LoginPiece, piecesOf, type TimeRange } from './login-periods'

/** How each period is labelled: 2024-05-01, 2024-W18 (ISO week), 2024-05, 2024-Q2, 2024. */
export const PERIOD_LABELS: Record<LogCountPeriod, string> = {
  day: 'YYYY-MM-DD',
  week: 'IYYY-"W"IW',
  month: 'YYYY-MM',
  quarter: 'YYYY-"Q"Q',
  year: 'YYYY',
}

export interface CountLoginsOptions extends TimeRange {
  period: LogCountPeriod
  desc: boolean
  limit: number
  offset: number
}

export interface LoginCountRow {
  date: string
  login_count: number
  ip_count: number
}

const labelOf = (period: LogCountPeriod, bucket: AnyPgColumn | string) =>
  sql<string>`to_char(${bucket}::date, '${sql.raw(PERIOD_LABELS[period])}')`

/**
 * Logins and distinct addresses of the part of a period a range covers: the whole days, months,
 * quarters and years inside it from their rollups (the addresses as the bits of their union), the
 * hours at its ends from the log (their addresses counted when not among those bits). The hours'
 * logins are read from the logins' own index (`logs_logins_idx`: their times and addresses, migration
 * 0028), for which the login item's id is a value the planner is given: 14,300 entries of a cut day
 * at 10M entries read from the log and kept to its 4,800 logins cost 18 ms, from that index 4.
 */
async function countPiece(
  db: Db,
  period: LogCountPeriod,
  piece: LoginPiece,
  loginItem: number | null,
): Promise<LoginCountRow> {
  const rolledUp = piece.buckets.length
    ? sql`(${loginCounts.period}, ${loginCounts.bucket}) in (${sql.join(
        piece.buckets.map((bucket) => sql`(${bucket.period}, ${bucket.start}::date)`),
        sql`, `,
      )})`
    : sql`false`
  // Each span read apart (`union all`): spans joined by `or` were read as one bitmap of the log's rows,
  // not from the logins' index alone (a range cut at both ends of one year: 23 ms against 12).
  const hours = piece.raw.length
    ? sql.join(
        piece.raw.map(
          (span) => sql`(select ${logs.ip} as ip from ${logs}
            where ${logs.created_at} >= ${span.from.toISOString()}
              and ${logs.created_at} ${sql.raw(span.toInclusive ? '<=' : '<')} ${span.to.toISOString()}
              and ${logs.menu_id} = ${loginItem}::integer and ${logs.deleted_at} is null)`,
        ),
        sql` union all `,
      )
    : sql`select null::varchar as ip where false`
  const result = (await db.execute(sql`
    with piece as (select ${loginCounts.logins} as logins, ${loginCounts.addresses} as addresses
        from ${loginCounts} where ${rolledUp}),
      seen as (select bit_or(addresses || repeat('0', (select max(length(addresses)) from piece)
        - length(addresses))::varbit) as bits from piece),
      hours as (${hours})
    select ${labelOf(period, piece.bucket)} as date,
      ((select coalesce(sum(logins), 0) from piece) + (select count(*) from hours))::int as login_count,
      (coalesce((select bit_count(bits) from seen), 0) + (select count(distinct hours.ip) from hours
        left join ${loginAddresses} on ${loginAddresses.ip} = hours.ip cross join seen
        where seen.bits is null or ${loginAddresses.n} is null or ${loginAddresses.n} >= length(seen.bits)
          or get_bit(seen.bits, ${loginAddresses.n}) = 0))::int as ip_count`)) as unknown as {
    rows: LoginCountRow[]
  }
  return result.rows[0] as LoginCountRow
}

/** The login route's menu item (`login_menu_id()`, null when there is none). */
async function loginItemId(db: Db): Promise<number | null> {
  const result = (await db.execute(sql`select login_menu_id() as id`)) as unknown as {
    rows: Array<{ id: number | null }>
  }
  return result.rows[0]?.id ?? null
}

/**
 * The periods of a range (newest first by default) with their successful logins and distinct
 * addresses, and how many periods have logins. Whole periods are read from the rollups kept as
 * logins are written (`login_counts`); a period the range cuts is counted from its pieces, so the
 * numbers equal a count of the log itself.
 */
export async function countLogins(
  db: Db,
  options: CountLoginsOptions,
): Promise<{ rows: LoginCountRow[]; total: number }> {
  const { period } = options
  const split = piecesOf(period, options)
  const loginItem = split.start || split.end ? await loginItemId(db) : null
  // A cut period without logins in its part is no period of the answer, as a count of the log has none.
  const [atStart, atEnd] = (
    await Promise.all(
      [split.start, split.end].map((piece) => piece && countPiece(db, period, piece, loginItem)),
    )
  ).map((row) => (row && row.login_count > 0 ? row : undefined))
  const [first, last] = options.desc ? [atEnd, atStart] : [atStart, atEnd]
  const whole = and(
    eq(loginCounts.period, period),
    split.whole.from ? gte(loginCounts.bucket, split.whole.from) : undefined,
    split.whole.to ? lt(loginCounts.bucket, split.whole.to) : undefined,
  )
  const ahead = first ? 1 : 0
  const [counted] = split.whole.empty
    ? [{ total: 0 }]
    : await db.select({ total: count() }).from(loginCounts).where(whole)
  const wholeCount = counted?.total ?? 0
  const rows: LoginCountRow[] = []
  if (first && options.offset < ahead) rows.push(first)
  const wanted = options.limit - rows.length
  if (wanted > 0 && wholeCount > 0) {
    rows.push(
      ...(await db
        .select({
          date: labelOf(period, loginCounts.bucket),
          login_count: loginCounts.logins,
          ip_count: loginCounts.ips,
        })
        .from(loginCounts)
        .where(whole)
        .orderBy(options.desc ? desc(loginCounts.bucket) : asc(loginCounts.bucket))
        .limit(wanted)
        .offset(Math.max(0, options.offset - ahead))),
    )
  }
  const lastAt = ahead + wholeCount
  if (last && rows.length < options.limit && options.offset <= lastAt) rows.push(last)
  return { rows, total: wholeCount + ahead + (last ? 1 : 0) }
}
