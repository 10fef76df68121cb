import { AUDIENCE } from '@brokerdesk/shared'
import { and, count, countDistinct, eq, inArray, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { adminRole, admins, messageReads, messageUser, users } from '../../db/schema/index'
import type { Row } from '../../resource/types'

const countsBy = (rows: Array<{ key: number; n: number }>) => new Map(rows.map((row) => [row.key, row.n]))

/**
 * Adds `recipients_count` (live accounts the message reaches: every one, the holders of its role,
 * or its chosen users) and `reads_count` to a page of messages, with one query per kind.
 */
export async function countRecipients(db: Db | Tx, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((row) => row.id as number)
  const roleIds = rows.filter((row) => row.audience === AUDIENCE.role).map((row) => row.role_id as number)
  const liveUser = isNull(users.deleted_at)
  const [everyone] = rows.some((row) => row.audience === AUDIENCE.all)
    ? await db.select({ n: count() }).from(users).where(liveUser)
    : [{ n: 0 }]
  const byRole = countsBy(
    roleIds.length === 0
      ? []
      : await db
          .select({ key: adminRole.role_id, n: countDistinct(admins.user_id) })
          .from(adminRole)
          .innerJoin(admins, and(eq(admins.id, adminRole.admin_id), isNull(admins.deleted_at)))
          .innerJoin(users, and(eq(users.id, admins.user_id), liveUser))
          .where(inArray(adminRole.role_id, roleIds))
          .groupBy(adminRole.role_id),
  )
  const byList = countsBy(
    await db
      .select({ key: messageUser.message_id, n: count() })
      .from(messageUser)
      .innerJoin(users, and(eq(users.id, messageUser.user_id), liveUser))
      .where(inArray(messageUser.message_id, ids))
      .groupBy(messageUser.message_id),
  )
  const reads = countsBy(
    await db
      .select({ key: messageReads.message_id, n: count() })
      .from(messageReads)
      .where(inArray(messageReads.message_id, ids))
      .groupBy(messageReads.message_id),
  )
  return rows.map((row) => {
    const id = row.id as number
    const recipients =
      row.audience === AUDIENCE.all
        ? everyone.n
        : row.audience === AUDIENCE.role
          ? (byRole.get(row.role_id as number) ?? 0)
          : (byList.get(id) ?? 0)
    return { ...row, recipients_count: recipients, reads_count: reads.get(id) ?? 0 }
  })
}
