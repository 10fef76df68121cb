import { and, inArray, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { configs } from '../../db/schema/index'
import { AppError } from '../../errors'

export const UPLOAD_PROVIDERS = ['local', 's3', 'qiniu'] as const
export type UploadProvider = (typeof UPLOAD_PROVIDERS)[number]

/** The two kinds of upload: pictures (public) and PDF documents (served to logged-in users only). */
export type UploadKindName = 'image' | 'document'

export interface UploadSettings {
  /** Where new uploads go. */
  provider: UploadProvider
  /** The largest file of each kind, in KB. */
  maxKb: Record<UploadKindName, number>
}

const DEFAULT_MAX_KB: Record<UploadKindName, number> = { image: 2048, document: 51200 }

const positiveKb = (value: string | undefined, fallback: number) => {
  const kb = Number(value)
  return Number.isSafeInteger(kb) && kb > 0 ? kb : fallback
}

/**
 * The upload settings as an administrator left them: the provider (`upload_provider`, empty or unknown:
 * the server's UPLOAD_PROVIDER) and the size limit of each kind. A provider whose connection is not
 * configured falls back to local disk, so an upload never fails on a half-made choice.
 */
export async function readUploadSettings(
  db: Db,
  config: { uploadProvider: UploadProvider; s3?: unknown; qiniu?: unknown },
): Promise<UploadSettings> {
  const rows = await db
    .select({ key: configs.key, value: configs.value })
    .from(configs)
    .where(
      and(
        inArray(configs.key, ['upload_provider', 'upload_image_max_kb', 'upload_document_max_kb']),
        isNull(configs.deleted_at),
      ),
    )
  const value = Object.fromEntries(rows.map((row) => [row.key, row.value.trim()]))
  const chosen = UPLOAD_PROVIDERS.find((name) => name === value.upload_provider) ?? config.uploadProvider
  const provider = (chosen === 's3' && !config.s3) || (chosen === 'qiniu' && !config.qiniu) ? 'local' : chosen
  return {
    provider,
    maxKb: {
      image: positiveKb(value.upload_image_max_kb, DEFAULT_MAX_KB.image),
      document: positiveKb(value.upload_document_max_kb, DEFAULT_MAX_KB.document),
    },
  }
}

/**
 * A file about to be kept on this machine's disk (no object storage chosen): refused (409) while more
 * than one server process runs on the database (the node registry), since the next request of the
 * upload, or its download, may reach another machine.
 */
export async function refuseLocalDiskInCluster(app: FastifyInstance): Promise<void> {
  if ((await app.cluster.nodes()).length > 1) throw new AppError('conflict', 'upload.needs_object_storage')
}
