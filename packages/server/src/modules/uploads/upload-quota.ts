import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { uploads } from '../../db/schema/index'

/**
 * How many bytes of uploads a user stores. Takes a lock per user until the transaction ends, so two
 * uploads at once cannot both fit into the space left for one.
 */
export async function lockUsedUploadBytes(tx: Tx, userId: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('uploads'), ${userId})`)
  const [{ used }] = await tx
    .select({ used: sql<string>`coalesce(sum(${uploads.size}), 0)` })
    .from(uploads)
    .where(and(eq(uploads.user_id, userId), isNull(uploads.deleted_at)))
  return Number(used)
}
