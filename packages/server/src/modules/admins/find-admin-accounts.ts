import { ADMIN_ACCOUNTS_LIMIT, type TAdminAccount, type TAdminAccountsQuery } from '@brokerdesk/shared'
import { and, asc, eq, isNull, like, notExists, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { admins, users } from '../../db/schema/index'

export const accountColumns = {
  id: users.id,
  uname: users.uname,
  name: users.name,
  email: users.email,
  mobile_phone: users.mobile_phone,
}
export type AccountRow = { id: number; uname: string; name: string; email: string; mobile_phone: string }

/** `abc` → `abc%`, LIKE's own wildcards in the text taken literally. */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The keyword as a prefix of the account name, name or e-mail (case-insensitive) or of the mobile
 * number. `lower(column) like lower('abc%')` is served by the `*_prefix_idx` pattern_ops indexes.
 */
export function keywordCondition(keyword: string): SQL | undefined {
  if (keyword === '') return undefined
  const pattern = prefixPattern(keyword)
  const folded = sql`lower(${pattern})`
  return or(
    like(sql`lower(${users.uname})`, folded),
    like(sql`lower(${users.name})`, folded),
    like(sql`lower(${users.email})`, folded),
    like(users.mobile_phone, pattern),
  )
}

/**
 * `id + 0` sorts by id but is no index order: given `order by id limit 20`, the planner walks the
 * primary key testing every row, a full scan when few accounts match; this way it collects the
 * matches from the prefix indexes and sorts them (bounded by how many match).
 */
export const byIdFromPrefixIndexes = sql`${users.id} + 0`

/** `uname · name`, leaving out an empty part; the e-mail or mobile number when both are empty. */
export function presentAccount({ id, uname, name, email, mobile_phone }: AccountRow): TAdminAccount {
  const label = [uname, name].filter(Boolean).join(' · ') || email || mobile_phone
  return { value: id, label, uname, name, email, mobile_phone }
}

/**
 * The live accounts without a live admin record whose names start with `keyword`, the first
 * ADMIN_ACCOUNTS_LIMIT by id. The `user_id` account (live, bound or not) is always among them, in
 * the place of the last match when the list is full, so an edit form can label its value. Only
 * accounts of the caller's scope (`scope`: reach and data scope) are found.
 */
export async function findAdminAccounts(
  db: Db,
  query: TAdminAccountsQuery,
  scope: SQL | undefined,
): Promise<TAdminAccount[]> {
  const unbound = notExists(
    db
      .select({ one: sql`1` })
      .from(admins)
      .where(and(eq(admins.user_id, users.id), isNull(admins.deleted_at))),
  )
  let rows: AccountRow[] = await db
    .select(accountColumns)
    .from(users)
    .where(and(isNull(users.deleted_at), unbound, keywordCondition(query.keyword), scope))
    .orderBy(query.keyword === '' ? asc(users.id) : byIdFromPrefixIndexes)
    .limit(ADMIN_ACCOUNTS_LIMIT)
  const wanted = query.user_id ?? 0
  if (wanted > 0 && !rows.some((row) => row.id === wanted)) {
    const [current] = await db
      .select(accountColumns)
      .from(users)
      .where(and(eq(users.id, wanted), isNull(users.deleted_at), scope))
    if (current) rows = [...rows.slice(0, ADMIN_ACCOUNTS_LIMIT - 1), current].sort((a, b) => a.id - b.id)
  }
  return rows.map(presentAccount)
}
