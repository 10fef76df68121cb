import type { UploadUsage } from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { openUploads, uploads, users } from '../../db/schema/index'
import { ownedBy, type ScopeCaller } from '../permissions/data-scope'
import { OPEN_UPLOAD_EXPIRATION_MS } from './upload-quota'

/** The most owners the usage answers at once: those storing the most. */
export const USAGE_OWNERS_MAX = 50

/**
 * Each owner's stored files and bytes against the quota, largest first (or one owner's), for the
 * owners in `scope`: what upload-quota counts (live files, and unfinished resumable uploads at
 * their declared length). One grouping over the live files (uploads_user_id_idx for one owner).
 */
export async function listUploadUsage(options: {
  db: Db
  caller: ScopeCaller
  quotaBytes: number
  userId?: number
}): Promise<UploadUsage[]> {
  const { userId, caller } = options
  // The owners in scope, as recordScopes.uploads draws them, for the files and the open uploads.
  const storedInScope = (await ownedBy(sql`${uploads.user_id}`, caller)) ?? sql`true`
  const openInScope = (await ownedBy(sql`${openUploads.user_id}`, caller)) ?? sql`true`
  const owner = userId === undefined ? sql`true` : sql`${uploads.user_id} = ${userId}`
  const openOwner = userId === undefined ? sql`true` : sql`${openUploads.user_id} = ${userId}`
  const live = sql`${openUploads.created_at} > now() - make_interval(secs => ${OPEN_UPLOAD_EXPIRATION_MS / 1000})`
  const result = (await options.db.execute(sql`
    with stored as (
      select ${uploads.user_id} as user_id, count(*)::int as files, sum(${uploads.size})::bigint as bytes
      from ${uploads}
      where ${uploads.deleted_at} is null and ${owner} and ${storedInScope}
      group by ${uploads.user_id}
    ), open as (
      select ${openUploads.user_id} as user_id, sum(${openUploads.size})::bigint as bytes
      from ${openUploads}
      where ${live} and ${openOwner} and ${openInScope}
      group by ${openUploads.user_id}
    )
    select coalesce(s.user_id, o.user_id) as user_id, coalesce(s.files, 0) as files,
      coalesce(s.bytes, 0) + coalesce(o.bytes, 0) as bytes,
      coalesce((select coalesce(nullif(${users.name}, ''), ${users.uname}) from ${users}
        where ${users.id} = coalesce(s.user_id, o.user_id)), '') as user_name
    from stored s full join open o on o.user_id = s.user_id
    order by 3 desc, 1
    limit ${USAGE_OWNERS_MAX}
  `)) as unknown as { rows: { user_id: number; files: number; bytes: string | number; user_name: string }[] }
  return result.rows.map((row) => ({
    user_id: Number(row.user_id),
    user_name: row.user_name,
    files: Number(row.files),
    bytes: Number(row.bytes),
    quota: options.quotaBytes,
  }))
}
