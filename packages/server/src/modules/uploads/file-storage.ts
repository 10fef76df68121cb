import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import type { AppConfig } from '../../config'
import { s3ClientOf } from './s3-client'
import type { UploadProvider } from './upload-settings'

/** Where a stored file's bytes live; `key` is its path in the store (`yyyy/mm/<random>.<ext>`). */
export interface FileStorage {
  provider: Exclude<UploadProvider, 'qiniu'>
  put(key: string, data: Buffer, mime: string): Promise<void>
  /** The file's bytes, or null when the store does not have it. */
  open(key: string): Promise<{ stream: Readable; size?: number } | null>
  remove(key: string): Promise<void>
}

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } }
  return e.code === 'ENOENT' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404
}

export function localStorage(uploadDir: string): FileStorage {
  const full = (key: string) => path.join(uploadDir, ...key.split('/'))
  return {
    provider: 'local',
    async put(key, data) {
      await fsp.mkdir(path.dirname(full(key)), { recursive: true })
      await fsp.writeFile(full(key), data, { flag: 'wx' })
    },
    async open(key) {
      try {
        const stat = await fsp.stat(full(key))
        if (!stat.isFile()) return null
        return { stream: fs.createReadStream(full(key)), size: stat.size }
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },
    async remove(key) {
      await fsp.rm(full(key), { force: true })
    },
  }
}

export function s3Storage(s3: NonNullable<AppConfig['s3']>): FileStorage {
  const client = s3ClientOf(s3)
  return {
    provider: 's3',
    async put(key, data, mime) {
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: data, ContentType: mime }))
    },
    async open(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))
        return { stream: answer.Body as Readable, size: answer.ContentLength }
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }))
    },
  }
}

/** The store of a provider; null for one this server cannot reach (not configured, or Qiniu). */
export function storageOf(config: Pick<AppConfig, 'uploadDir' | 's3'>, provider: string): FileStorage | null {
  if (provider === 'local') return localStorage(config.uploadDir)
  if (provider === 's3' && config.s3) return s3Storage(config.s3)
  return null
}
