import type { TPersonageInput } from '@brokerdesk/shared/auth'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/index'
import { validationFailed } from '../../errors'
import { regionNames } from '../areas/region-names'
import { findTakenFields, uniqueViolationField } from '../auth/find-taken-fields'
import type { UserRow } from '../auth/load-session-user'

type PersonageChanges = { [K in keyof TPersonageInput]: Exclude<TPersonageInput[K], undefined> }

/**
 * Saves the personal data a user edited; fields left out are kept. An e-mail address or mobile number
 * another account uses is refused field by field; a changed address is no longer verified. A place
 * given by its ids (province, city, zone: one path down the regions) gets their names. Answers the
 * saved row.
 */
export async function updatePersonage(
  db: Db,
  userId: number,
  changes: Partial<PersonageChanges>,
): Promise<UserRow> {
  const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined))
  const taken = await findTakenFields(
    db,
    { email: values.email as string | undefined, mobile_phone: values.mobile_phone as string | undefined },
    userId,
  )
  if (Object.keys(taken).length > 0) throw validationFailed(taken)
  if ('province_id' in values || 'city_id' in values || 'zone_id' in values) {
    // The place is chosen by its ids; the names stored beside them come from the region tree.
    const ids = { province_id: 0, city_id: 0, zone_id: 0 }
    for (const field of ['province_id', 'city_id', 'zone_id'] as const)
      ids[field] = Number(values[field] ?? 0)
    const { names, wrong } = await regionNames(db, ids)
    if (wrong.length > 0)
      throw validationFailed(
        Object.fromEntries(wrong.map((field) => [field, ['validations.messages.exists']])),
      )
    Object.assign(values, ids, names)
  }
  try {
    if (Object.keys(values).length === 0) {
      const [row] = await db.select().from(users).where(eq(users.id, userId))
      return row
    }
    const verified =
      typeof values.email === 'string'
        ? {
            email_verified_at: sql`case when lower(${users.email}) = lower(${values.email}) then ${users.email_verified_at} end`,
          }
        : {}
    const [row] = await db
      .update(users)
      .set({ ...values, ...verified })
      .where(eq(users.id, userId))
      .returning()
    return row
  } catch (error) {
    const field = uniqueViolationField(error)
    if (field) throw validationFailed({ [field]: ['validations.messages.unique'] })
    throw error
  }
}
