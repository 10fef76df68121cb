import path from 'node:path'
import type { Language } from '@brokerdesk/shared'
import { fileTypeFromBuffer } from 'file-type'
import type { Db } from '../../db/client'
import { uploads } from '../../db/schema/index'
import { invalidFields } from '../../resource/field-errors'
import { randomString } from '../../secrets'
import type { FileStorage } from './file-storage'
import { checkQuota, lockUsedUploadBytes } from './upload-quota'
import type { UploadKindName, UploadSettings } from './upload-settings'

/** What may be uploaded, recognised by content: pictures and PDF documents. */
export const UPLOAD_KINDS = {
  'image/png': { ext: 'png', kind: 'image' },
  'image/jpeg': { ext: 'jpg', kind: 'image' },
  'image/gif': { ext: 'gif', kind: 'image' },
  'image/webp': { ext: 'webp', kind: 'image' },
  'application/pdf': { ext: 'pdf', kind: 'document' },
} as const satisfies Record<string, { ext: string; kind: UploadKindName }>
/** The most POST /home/upload/index takes in one request; larger files go through the resumable upload. */
export const MAX_UPLOAD_KB = 20480
/** How many bytes the type is judged by (file-type reads no further for these kinds). */
export const HEAD_BYTES = 4100

export interface StoredUpload {
  url: string
  name: string
  size: number
  mime: string
}

export interface JudgedFile {
  mime: keyof typeof UPLOAD_KINDS
  ext: string
  kind: UploadKindName
}

const invalid = (language: Language, key: string, params?: Record<string, number>) =>
  invalidFields(language, [{ field: 'file', key, params }])

/** The original file name, without any path and control characters. */
export function cleanName(name: string): string {
  return (
    path
      .basename(name.replace(/\\/g, '/'))
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .slice(0, 200) || 'file'
  )
}

/**
 * Judges a file by its first bytes (not its name or declared type) and its size against the limit
 * of its kind; a file of another kind than `expected` is refused too. Throws the 422 of the field `file`.
 */
export async function judgeUpload(options: {
  language: Language
  head: Buffer
  size: number
  settings: UploadSettings
  expected?: UploadKindName
}): Promise<JudgedFile> {
  const type = await fileTypeFromBuffer(options.head)
  const known = type ? UPLOAD_KINDS[type.mime as keyof typeof UPLOAD_KINDS] : undefined
  if (!type || !known || (options.expected && known.kind !== options.expected)) {
    throw invalid(options.language, 'upload.type')
  }
  const maxKb = options.settings.maxKb[known.kind]
  if (options.size > maxKb * 1024) throw invalid(options.language, 'upload.too_large', { max: maxKb })
  return { mime: type.mime as JudgedFile['mime'], ext: known.ext, kind: known.kind }
}

/** A new file's key in its store: `yyyy/mm/<random>.<ext>`, under `private/` for documents. */
export function newUploadKey(file: JudgedFile, now = new Date()): string {
  const month = `${now.getFullYear()}/${String(now.getMonth() + 1).padStart(2, '0')}`
  return `${file.kind === 'document' ? 'private/' : ''}${month}/${randomString(32)}.${file.ext}`
}

/** Where a stored file is served: local files straight from the upload folder, others through /uploads/<provider>/. */
export function uploadUrlOf(provider: string, key: string): string {
  return provider === 'local' ? `/uploads/${key}` : `/uploads/${provider}/${key}`
}

/**
 * Records a judged file against the user's quota and has `place` put its bytes at `key` in the same
 * transaction: a file that does not fit is neither recorded nor placed, a failed placement records
 * nothing. `releasing`: the open resumable upload it finishes, counted no more once it is recorded.
 */
export async function recordUpload(options: {
  db: Db
  language: Language
  userId: number
  quotaBytes: number
  storage: FileStorage
  file: JudgedFile
  filename: string
  size: number
  place: (key: string) => Promise<void>
  /** The resource it was uploaded for (see `uploads.resource`). */
  resource?: string
  releasing?: string
  now?: Date
}): Promise<StoredUpload> {
  const { file, storage } = options
  const key = newUploadKey(file, options.now)
  const stored = {
    url: uploadUrlOf(storage.provider, key),
    name: cleanName(options.filename),
    size: options.size,
    mime: file.mime,
  }
  return options.db.transaction(async (tx) => {
    const used = await lockUsedUploadBytes(tx, options.userId, { releasing: options.releasing })
    checkQuota(options.language, used, options.size, options.quotaBytes)
    await tx.insert(uploads).values({
      ...stored,
      user_id: options.userId,
      provider: storage.provider,
      key,
      private: file.kind === 'document',
      resource: options.resource ?? '',
    })
    await options.place(key)
    return stored
  })
}

/**
 * Stores a whole file sent at once (POST /home/upload/index): judged by content, counted against the
 * user's quota, put in the chosen store and recorded; answers where it is served.
 */
export async function storeUpload(options: {
  db: Db
  storage: FileStorage
  settings: UploadSettings
  language: Language
  userId: number
  quotaBytes: number
  filename: string
  data: Buffer
  now?: Date
}): Promise<StoredUpload> {
  const { data } = options
  const file = await judgeUpload({
    language: options.language,
    head: data.subarray(0, HEAD_BYTES),
    size: data.length,
    settings: options.settings,
  })
  return recordUpload({
    ...options,
    file,
    size: data.length,
    place: (key) => options.storage.put(key, data, file.mime),
  })
}
