import type { Language } from '@brokerdesk/shared'
import { and, count, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { openUploads, uploads } from '../../db/schema/index'
import { invalidFields } from '../../resource/field-errors'

/** An unfinished resumable upload is dropped a day after it started (and stops counting then). */
export const OPEN_UPLOAD_EXPIRATION_MS = 24 * 60 * 60 * 1000
/**
 * How many resumable uploads a user may have unfinished at once. The SPA sends one file per file
 * field and continues an interrupted upload rather than opening another; five leave room for a few
 * forms or tabs at once while bounding the files and object-store multipart uploads one account can
 * hold open (each also counted at its full length against the quota).
 */
export const MAX_OPEN_UPLOADS = 5

const MB = 1024 * 1024

/** The open uploads that still count: begun within the expiration. */
const liveOpenUploads = (userId: number) =>
  and(
    eq(openUploads.user_id, userId),
    gt(openUploads.created_at, sql`now() - make_interval(secs => ${OPEN_UPLOAD_EXPIRATION_MS / 1000})`),
  )

/**
 * How many bytes of uploads a user stores or has declared in unfinished resumable uploads. Takes a
 * lock per user until the transaction ends, so two uploads at once cannot both fit into the space
 * left for one. `releasing`: an open upload that is being finished, no longer counted.
 */
export async function lockUsedUploadBytes(
  tx: Tx,
  userId: number,
  options: { releasing?: string } = {},
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('uploads'), ${userId})`)
  if (options.releasing) await tx.delete(openUploads).where(eq(openUploads.id, options.releasing))
  const [{ used }] = await tx
    .select({
      used: sql<string>`coalesce(sum(${uploads.size}), 0) + (select coalesce(sum(${openUploads.size}), 0) from ${openUploads} where ${liveOpenUploads(userId)})`,
    })
    .from(uploads)
    .where(and(eq(uploads.user_id, userId), isNull(uploads.deleted_at)))
  return Number(used)
}

/** Refuses a file the user's quota has no room for (`used` bytes stored already). */
export function checkQuota(language: Language, used: number, size: number, quotaBytes: number): void {
  if (used + size > quotaBytes) {
    throw invalidFields(language, [
      {
        field: 'file',
        key: 'upload.quota',
        params: { quota: Math.floor(quotaBytes / MB), used: Math.round((used / MB) * 10) / 10 },
      },
    ])
  }
}

/**
 * Opens a resumable upload of `size` bytes for a user: refused (422) beyond MAX_OPEN_UPLOADS open
 * ones or the quota, else counted from now at its declared length.
 */
export async function openUpload(
  db: Db,
  options: { id: string; userId: number; size: number; language: Language; quotaBytes: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const used = await lockUsedUploadBytes(tx, options.userId)
    const [open] = await tx.select({ n: count() }).from(openUploads).where(liveOpenUploads(options.userId))
    if (open.n >= MAX_OPEN_UPLOADS) {
      throw invalidFields(options.language, [
        { field: 'file', key: 'upload.too_many_open', params: { max: MAX_OPEN_UPLOADS } },
      ])
    }
    checkQuota(options.language, used, options.size, options.quotaBytes)
    await tx.insert(openUploads).values({ id: options.id, user_id: options.userId, size: options.size })
  })
}

/** An open upload no longer counts (ended, refused, or never made). */
export async function releaseOpenUpload(db: Db, id: string): Promise<void> {
  await db.delete(openUploads).where(eq(openUploads.id, id))
}

/** Forgets the open uploads past their expiration (their bytes are deleted by the store's clean-up). */
export async function forgetExpiredOpenUploads(db: Db): Promise<number> {
  const gone = await db
    .delete(openUploads)
    .where(
      lte(openUploads.created_at, sql`now() - make_interval(secs => ${OPEN_UPLOAD_EXPIRATION_MS / 1000})`),
    )
    .returning({ id: openUploads.id })
  return gone.length
}
