import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import type { Language } from '@brokerdesk/shared'
import { FileStore } from '@tus/file-store'
import { S3Store } from '@tus/s3-store'
import { Server, type Upload } from '@tus/server'
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, notFound, unauthenticated } from '../../errors'
import { translate } from '../../i18n/translate'
import { randomString } from '../../secrets'
import { type FileStorage, localStorage, s3Storage } from './file-storage'
import { s3ClientConfig, s3ClientOf } from './s3-client'
import { checkQuota, HEAD_BYTES, judgeUpload, recordUpload } from './store-upload'
import { lockUsedUploadBytes } from './upload-quota'
import {
  readUploadSettings,
  refuseLocalDiskInCluster,
  type UploadKindName,
  type UploadSettings,
} from './upload-settings'

/** The route of resumable uploads (tus 1.0.0), under both API prefixes. */
export const TUS_PATH = '/home/upload/tus'
/** An unfinished upload is dropped a day after it started. */
const EXPIRATION_MS = 24 * 60 * 60 * 1000
/**
 * The clean-up of expired unfinished uploads of each app (by its configuration), which the
 * scheduled job `upload-clean-up` runs: the first mount of this module registers it.
 */
const cleanUps = new WeakMap<object, () => Promise<number>>()

/** Deletes the app's expired unfinished uploads; answers how many (0 before the module is mounted). */
export function cleanUpExpiredUploads(config: object): Promise<number> {
  return cleanUps.get(config)?.() ?? Promise.resolve(0)
}
/** Parts sent to an S3-compatible store (its minimum is 5 MB). */
const S3_PART_BYTES = 8 * 1024 * 1024
const ID = /^(local|s3)-[A-Za-z0-9]{32}$/

/** What the tus hooks need of the Fastify request that is being handled. */
interface RequestContext {
  userId: number
  language: Language
  settings: UploadSettings
}
const contexts = new WeakMap<IncomingMessage, RequestContext>()

type TusRequest = Parameters<NonNullable<ConstructorParameters<typeof Server>[0]['onUploadFinish']>>[0]
function contextOf(req: TusRequest): RequestContext {
  const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req
  const context = node && contexts.get(node)
  if (!context) throw { status_code: 500, body: 'no request context\n' }
  return context
}

/** A tus hook's refusal: the JSON error shape of every other route. */
function refusal(language: Language, error: AppError): { status_code: number; body: string } {
  return {
    status_code: error.status,
    body: JSON.stringify({
      message: translate(language, error.message, error.params),
      code: error.code,
      errors: error.errors,
    }),
  }
}

/** The bytes of one provider's unfinished uploads: where they are, and how a finished one is moved. */
interface TusBackend {
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

function localBackend(app: FastifyInstance, options: TusOptions): TusBackend {
  const directory = app.config.tusDir
  // FileStore also makes its folder in the background, and throws outside any caller when that fails
  // (a data folder removed meanwhile, as tests do once an app is closed): the folder is made here
  // first, and closing the app waits for a second request queued after FileStore's.
  fsSync.mkdirSync(directory, { recursive: true })
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: EXPIRATION_MS })
  const settled = fs.mkdir(directory, { recursive: true }).then(
    () => undefined,
    () => undefined,
  )
  const storage = localStorage(app.config.uploadDir)
  return {
    provider: 'local',
    server: tusServer('local', datastore, options),
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

function s3Backend(s3: NonNullable<FastifyInstance['config']['s3']>, options: TusOptions): TusBackend {
  const client: S3Client = s3ClientOf(s3)
  const datastore = new S3Store({
    partSize: S3_PART_BYTES,
    expirationPeriodInMilliseconds: EXPIRATION_MS,
    s3ClientConfig: { ...s3ClientConfig(s3), bucket: s3.bucket },
  })
  return {
    provider: 's3',
    server: tusServer('s3', datastore, options),
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

interface TusOptions {
  app: FastifyInstance
  backendOf: (provider: string) => TusBackend | undefined
}

function tusServer(provider: 'local' | 's3', datastore: FileStore | S3Store, { app, backendOf }: TusOptions) {
  return new Server({
    path: TUS_PATH,
    datastore,
    // The biggest any kind allows; each upload is held to its own kind's limit when it is created.
    maxSize: async (req) => {
      const { settings } = contextOf(req)
      return Math.max(settings.maxKb.image, settings.maxKb.document) * 1024
    },
    namingFunction: () => `${provider}-${randomString(32)}`,
    // Relative to the prefix the client came through (/api or /web-api).
    generateUrl: (req, { id }) => `${new URL(req.url).pathname.replace(/\/+$/, '')}/${id}`,
    getFileIdFromRequest: (_req, lastPath) => (lastPath && ID.test(lastPath) ? lastPath : undefined),
    async onUploadCreate(req, upload) {
      const { userId, language, settings } = contextOf(req)
      const metadata = upload.metadata ?? {}
      const kind: UploadKindName = metadata.kind === 'document' ? 'document' : 'image'
      const filename = String(metadata.filename ?? '').slice(0, 255)
      try {
        const size = upload.size
        if (size === undefined || metadata.kind !== kind) {
          throw new AppError('validation', 'errors.validation', {
            errors: { file: [translate(language, 'upload.required')] },
          })
        }
        const maxKb = settings.maxKb[kind]
        if (size > maxKb * 1024) {
          throw new AppError('validation', 'errors.validation', {
            errors: { file: [translate(language, 'upload.too_large', { max: maxKb })] },
          })
        }
        const used = await app.db.transaction((tx) => lockUsedUploadBytes(tx, userId))
        checkQuota(language, used, size, app.config.uploadQuotaBytes)
      } catch (error) {
        if (error instanceof AppError) throw refusal(language, error)
        throw error
      }
      return { metadata: { filename, kind, owner: String(userId) } }
    },
    async onUploadFinish(req, upload: Upload) {
      const { userId, language, settings } = contextOf(req)
      const backend = backendOf(provider)
      if (!backend) throw { status_code: 404, body: 'Not found\n' }
      const metadata = upload.metadata ?? {}
      const size = upload.size ?? upload.offset
      try {
        const file = await judgeUpload({
          language,
          head: await backend.head(upload.id),
          size,
          settings,
          expected: metadata.kind === 'document' ? 'document' : 'image',
        })
        const stored = await recordUpload({
          db: app.db,
          language,
          userId,
          quotaBytes: app.config.uploadQuotaBytes,
          storage: backend.storage,
          file,
          filename: metadata.filename ?? 'file',
          size,
          place: (key) => backend.move(upload.id, key, file.mime),
        })
        await backend.drop(upload.id)
        return {
          status_code: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify(stored),
        }
      } catch (error) {
        // A refused file is not kept: neither its bytes nor its unfinished upload.
        await backend
          .drop(upload.id)
          .catch((dropError) => app.log.warn({ err: dropError }, 'tus drop failed'))
        if (error instanceof AppError) throw refusal(language, error)
        throw error
      }
    },
    onResponseError(_req, error) {
      if ('status_code' in error) return undefined
      app.log.error({ err: error }, 'tus upload failed')
      return { status_code: 500, body: 'Internal error\n' }
    },
  })
}

/**
 * Resumable uploads (tus 1.0.0 with creation, termination and expiration) at `/home/upload/tus`:
 * a logged-in user creates an upload of a declared kind and size (held to the kind's limit and the
 * quota), sends it in pieces, can stop and continue from the last byte the server has (HEAD), and when
 * the last byte arrives the file is judged by its content, recorded and moved to the chosen store
 * (local disk or S3-compatible); a refused file is deleted. Each upload belongs to its creator.
 */
export const tusUploadsModule: FastifyPluginAsync = async (app) => {
  // tus reads the request body itself, as it arrives.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null))
  const backends = new Map<string, TusBackend>()
  app.addHook('onClose', async () => {
    await Promise.all([...backends.values()].map((backend) => backend.settled))
  })
  const options: TusOptions = { app, backendOf: (provider) => backendFor(provider) }
  const backendFor = (provider: string): TusBackend | undefined => {
    let backend = backends.get(provider)
    if (!backend) {
      if (provider === 'local') backend = localBackend(app, options)
      else if (provider === 's3' && app.config.s3) backend = s3Backend(app.config.s3, options)
      else return undefined
      backends.set(provider, backend)
    }
    return backend
  }

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = request.user
    if (!user) throw unauthenticated()
    const settings = await readUploadSettings(app.db, app.config)
    const id = (request.params as { id?: string }).id
    let backend: TusBackend | undefined
    if (id === undefined) {
      // Qiniu takes uploads straight from the browser; a resumable upload to this server stays local.
      backend = backendFor(settings.provider === 's3' ? 's3' : 'local')
      if (settings.provider !== 's3') await refuseLocalDiskInCluster(app)
    } else {
      if (!ID.test(id)) throw notFound()
      backend = backendFor(id.slice(0, id.indexOf('-')))
      if (!backend) throw notFound()
      const upload = await backend.server.datastore.getUpload(id).catch(() => null)
      // Another user's upload is as good as none.
      if (!upload || upload.metadata?.owner !== String(user.id)) throw notFound()
    }
    if (!backend) throw notFound()
    contexts.set(request.raw, { userId: user.id, language: request.language, settings })
    reply.hijack()
    await backend.server.handle(request.raw, reply.raw)
  }

  // Unfinished uploads nobody continued within the expiration are deleted: their bytes would stay.
  // The scheduled job runs this once across the processes; a cluster keeps uploads in the object
  // store (local disk is refused there), so the process that runs it cleans everything there is.
  const cleanUp = async () => {
    let deleted = 0
    for (const provider of app.config.s3 ? ['local', 's3'] : ['local']) {
      deleted += (await backendFor(provider)?.server.cleanUpExpiredUploads()) ?? 0
    }
    return deleted
  }
  // The module is mounted under /api and /web-api; the first registers the app's clean-up.
  if (!cleanUps.has(app.config)) cleanUps.set(app.config, cleanUp)

  const schema = { tags: ['uploads'], summary: 'Resumable upload (tus 1.0.0)' }
  app.post(TUS_PATH, { schema }, handle)
  app.route({ method: ['HEAD', 'PATCH', 'DELETE'], url: `${TUS_PATH}/:id`, schema, handler: handle })
}
