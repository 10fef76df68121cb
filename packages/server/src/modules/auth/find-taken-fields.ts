import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { users } from '../../db/schema/index'

export interface UniqueUserFields {
  uname?: string
  email?: string
  mobile_phone?: string
}

const UNIQUE_INDEX_FIELDS: Record<string, keyof UniqueUserFields> = {
  users_uname_unique: 'uname',
  users_email_unique: 'email',
  users_mobile_phone_unique: 'mobile_phone',
}

/**
 * The fields another live user already holds, as 422 errors. Account names are compared without
 * case, so "Alice" cannot register beside "alice"; e-mail too, as its unique index does.
 */
export async function findTakenFields(
  db: Db | Tx,
  values: UniqueUserFields,
  exceptUserId?: number,
): Promise<Record<string, string[]>> {
  const conditions = {
    uname: values.uname ? sql`lower(${users.uname}) = ${values.uname.toLowerCase()}` : undefined,
    email: values.email ? sql`lower(${users.email}) = ${values.email.toLowerCase()}` : undefined,
    mobile_phone: values.mobile_phone ? eq(users.mobile_phone, values.mobile_phone) : undefined,
  }
  const errors: Record<string, string[]> = {}
  for (const [field, condition] of Object.entries(conditions)) {
    if (!condition) continue
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(condition, isNull(users.deleted_at), exceptUserId ? ne(users.id, exceptUserId) : undefined))
      .limit(1)
    if (taken) errors[field] = ['validations.messages.unique']
  }
  return errors
}

/** The unique index a failed insert or update hit (two requests racing), if it hit one. */
export function uniqueViolationIndex(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, constraint, message } = current as { code?: string; constraint?: string; message?: string }
    if (code === '23505') return constraint ?? message?.match(/"(\w+)"/)?.[1] ?? ''
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** The users field whose unique index a failed write hit, if any. */
export function uniqueViolationField(error: unknown): keyof UniqueUserFields | undefined {
  const index = uniqueViolationIndex(error)
  return index ? UNIQUE_INDEX_FIELDS[index] : undefined
}
