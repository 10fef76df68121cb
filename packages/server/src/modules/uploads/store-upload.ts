import fs from 'node:fs/promises'
import path from 'node:path'
import type { Language } from '@brokerdesk/shared'
import { fileTypeFromBuffer } from 'file-type'
import type { Db } from '../../db/client'
import { uploads } from '../../db/schema/index'
import { invalidFields } from '../../resource/field-errors'
import { randomString } from '../../secrets'
import { lockUsedUploadBytes } from './upload-quota'

/** What may be uploaded, recognised by content: images up to 2 MB, PDF documents up to 20 MB. */
export const UPLOAD_KINDS = {
  'image/png': { ext: 'png', maxKb: 2048 },
  'image/jpeg': { ext: 'jpg', maxKb: 2048 },
  'image/gif': { ext: 'gif', maxKb: 2048 },
  'image/webp': { ext: 'webp', maxKb: 2048 },
  'application/pdf': { ext: 'pdf', maxKb: 20480 },
} as const
export const MAX_UPLOAD_KB = 20480

export interface StoredUpload {
  url: string
  name: string
  size: number
  mime: string
}

const MB = 1024 * 1024

const invalid = (language: Language, key: string, params?: Record<string, number>) =>
  invalidFields(language, [{ field: 'file', key, params }])

/** The original file name, without any path and control characters. */
function cleanName(name: string): string {
  return (
    path
      .basename(name.replace(/\\/g, '/'))
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .slice(0, 200) || 'file'
  )
}

/**
 * Checks an uploaded file by its content (not its name or declared type) and against the user's
 * quota, stores it as `<uploadDir>/yyyy/mm/<random>.<ext>` and records it; answers where it is
 * served (`/uploads/...`).
 */
export async function storeUpload(options: {
  db: Db
  uploadDir: string
  language: Language
  userId: number
  /** How many bytes of uploads a user may store. */
  quotaBytes: number
  filename: string
  data: Buffer
  now?: Date
}): Promise<StoredUpload> {
  const { data, language } = options
  const type = await fileTypeFromBuffer(data)
  const kind = type ? UPLOAD_KINDS[type.mime as keyof typeof UPLOAD_KINDS] : undefined
  if (!type || !kind) throw invalid(language, 'upload.type')
  if (data.length > kind.maxKb * 1024) throw invalid(language, 'upload.too_large', { max: kind.maxKb })
  const now = options.now ?? new Date()
  const folder = path.join(String(now.getFullYear()), String(now.getMonth() + 1).padStart(2, '0'))
  const file = `${randomString(32)}.${kind.ext}`
  const stored = {
    url: `/uploads/${folder.split(path.sep).join('/')}/${file}`,
    name: cleanName(options.filename),
    size: data.length,
    mime: type.mime,
  }
  return options.db.transaction(async (tx) => {
    const used = await lockUsedUploadBytes(tx, options.userId)
    if (used + data.length > options.quotaBytes) {
      throw invalid(language, 'upload.quota', {
        quota: Math.floor(options.quotaBytes / MB),
        used: Math.round((used / MB) * 10) / 10,
      })
    }
    await tx.insert(uploads).values({ ...stored, user_id: options.userId })
    await fs.mkdir(path.join(options.uploadDir, folder), { recursive: true })
    await fs.writeFile(path.join(options.uploadDir, folder, file), data, { flag: 'wx' })
    return stored
  })
}
