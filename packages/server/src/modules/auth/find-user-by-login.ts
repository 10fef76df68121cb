import { PATTERNS } from '@brokerdesk/shared'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/index'
import type { UserRow } from './load-session-user'

export type LoginKind = 'email' | 'mobile_phone' | 'uname'

/** What a typed login is: an e-mail (has @), a mobile number (SPEC §5 pattern) or an account name. */
export function loginKindOf(login: string): LoginKind {
  if (login.includes('@')) return 'email'
  if (PATTERNS.mobile.test(login)) return 'mobile_phone'
  return 'uname'
}

/** The normalised form the attempt counters use, so "Alice@X.com " and "alice@x.com" are one account. */
export function normaliseLogin(login: string): string {
  return login.trim().toLowerCase()
}

/** The live (not deleted) user a typed login names; e-mail compared without case. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const value = login.trim()
  const kind = loginKindOf(value)
  const match =
    kind === 'email'
      ? sql`lower(${users.email}) = ${value.toLowerCase()}`
      : kind === 'mobile_phone'
        ? eq(users.mobile_phone, value)
        : eq(users.uname, value)
  const [row] = await db
    .select()
    .from(users)
    .where(and(match, isNull(users.deleted_at)))
    .limit(1)
  return row
}
