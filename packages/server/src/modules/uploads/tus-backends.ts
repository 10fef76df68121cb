import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import { FileStore } from '@tus/file-store'
import { S3Store } from '@tus/s3-store'
import type { Server } from '@tus/server'
import type { FastifyInstance } from 'fastify'
import { type FileStorage, localStorage, s3Storage } from './file-storage'
import { s3ClientConfig, s3ClientOf } from './s3-client'
import { HEAD_BYTES } from './store-upload'
import { OPEN_UPLOAD_EXPIRATION_MS } from './upload-quota'

/** What S3 refuses a part under, unless it is the last (a test store, with smaller parts, takes them). */
const S3_MIN_PART_BYTES = 5 * 1024 * 1024

/** The tus server of a provider's store (tus-uploads.ts makes it: its hooks judge and record the uploads). */
export type ServerOf = (provider: 'local' | 's3', datastore: FileStore | S3Store) => Server

/** The bytes of one provider's unfinished uploads: where they are, and how a finished one is moved. */
export interface TusBackend {
  provider: 'local' | 's3'
  server: Server
  storage: FileStorage
  /** The first bytes of a finished upload. */
  head(id: string): Promise<Buffer>
  /** Moves a finished upload to its key in the store. */
  move(id: string, key: string, mime: string): Promise<void>
  /** Drops an upload (refused or moved). */
  drop(id: string): Promise<void>
  /** Settles once what the store started in the background when it was made has run. */
  settled?: Promise<void>
}

export function localBackend(app: FastifyInstance, serverOf: ServerOf): TusBackend {
  const directory = app.config.tusDir
  // FileStore also makes its folder in the background, and throws outside any caller when that fails
  // (a data folder removed meanwhile, as tests do once an app is closed): the folder is made here
  // first, and closing the app waits for a second request queued after FileStore's.
  fsSync.mkdirSync(directory, { recursive: true })
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: OPEN_UPLOAD_EXPIRATION_MS })
  const settled = fs.mkdir(directory, { recursive: true }).then(
    () => undefined,
    () => undefined,
  )
  const storage = localStorage(app.config.uploadDir)
  return {
    provider: 'local',
    server: serverOf('local', datastore),
    storage,
    settled,
    async head(id) {
      const handle = await fs.open(path.join(directory, id))
      try {
        const buffer = Buffer.alloc(HEAD_BYTES)
        const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0)
        return buffer.subarray(0, bytesRead)
      } finally {
        await handle.close()
      }
    },
    async move(id, key) {
      const target = path.join(app.config.uploadDir, ...key.split('/'))
      await fs.mkdir(path.dirname(target), { recursive: true })
      try {
        await fs.rename(path.join(directory, id), target)
      } catch (error) {
        if ((error as { code?: string }).code !== 'EXDEV') throw error
        await fs.copyFile(path.join(directory, id), target)
      }
    },
    async drop(id) {
      await fs.rm(path.join(directory, id), { force: true })
      await fs.rm(path.join(directory, `${id}.json`), { force: true })
    },
  }
}

export function s3Backend(s3: NonNullable<FastifyInstance['config']['s3']>, serverOf: ServerOf): TusBackend {
  const client: S3Client = s3ClientOf(s3)
  const datastore = new S3Store({
    partSize: s3.partBytes,
    // Smaller parts than S3's minimum only in testing (config): sent as parts like full-size ones.
    minPartSize: Math.min(s3.partBytes, S3_MIN_PART_BYTES),
    expirationPeriodInMilliseconds: OPEN_UPLOAD_EXPIRATION_MS,
    s3ClientConfig: { ...s3ClientConfig(s3), bucket: s3.bucket },
  })
  return {
    provider: 's3',
    server: serverOf('s3', datastore),
    storage: s3Storage(s3),
    async head(id) {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: s3.bucket, Key: id, Range: `bytes=0-${HEAD_BYTES - 1}` }),
      )
      return Buffer.from((await answer.Body?.transformToByteArray()) ?? [])
    },
    async move(id, key, mime) {
      await client.send(
        new CopyObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          CopySource: `${s3.bucket}/${encodeURIComponent(id)}`,
          ContentType: mime,
          MetadataDirective: 'REPLACE',
        }),
      )
    },
    async drop(id) {
      await client.send(
        new DeleteObjectsCommand({
          Bucket: s3.bucket,
          Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }], Quiet: true },
        }),
      )
    },
  }
}
