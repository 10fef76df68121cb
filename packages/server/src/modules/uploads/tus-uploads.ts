import type { IncomingMessage } from 'node:http'
import type { Language } from '@brokerdesk/shared'
import type { FileStore } from '@tus/file-store'
import type { S3Store } from '@tus/s3-store'
import { Server, type Upload } from '@tus/server'
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError, notFound, unauthenticated } from '../../errors'
import { translate } from '../../i18n/translate'
import { randomString } from '../../secrets'
import type { SessionUser } from '../auth/load-session-user'
import { judgeUpload, recordUpload } from './store-upload'
import { localBackend, type ServerOf, s3Backend, type TusBackend } from './tus-backends'
import { mayUploadFor } from './upload-access'
import { forgetExpiredOpenUploads, openUpload, releaseOpenUpload } from './upload-quota'
import {
  readUploadSettings,
  refuseLocalDiskInCluster,
  type UploadKindName,
  type UploadSettings,
} from './upload-settings'

/** The route of resumable uploads (tus 1.0.0), under both API prefixes. */
export const TUS_PATH = '/home/upload/tus'
/** What this server offers of tus 1.0.0 (not concatenation, deferred length or checksums). */
const OFFERED_EXTENSIONS = ['creation', 'creation-with-upload', 'termination', 'expiration']
/** Headers of extensions not offered, refused (400) before tus sees them. */
const NOT_OFFERED_HEADERS: ReadonlyArray<[header: string, extension: string]> = [
  ['upload-concat', 'concatenation'],
  ['upload-defer-length', 'creation-defer-length'],
  ['upload-checksum', 'checksum'],
]
/**
 * The clean-up of expired unfinished uploads of each app (by its configuration), which the
 * scheduled job `upload-clean-up` runs: the first mount of this module registers it.
 */
const cleanUps = new WeakMap<object, () => Promise<number>>()

/** Deletes the app's expired unfinished uploads; answers how many (0 before the module is mounted). */
export function cleanUpExpiredUploads(config: object): Promise<number> {
  return cleanUps.get(config)?.() ?? Promise.resolve(0)
}
const ID = /^(local|s3)-[A-Za-z0-9]{32}$/

/** What the tus hooks need of the Fastify request that is being handled. */
interface RequestContext {
  user: SessionUser
  language: Language
  settings: UploadSettings
  /** The upload this request opened (POST), to forget if it was not made after all. */
  opened?: string
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

/** The biggest upload any kind allows; each upload is held to its own kind's limit when it is created. */
const largestUploadBytes = (settings: UploadSettings) =>
  Math.max(settings.maxKb.image, settings.maxKb.document) * 1024

interface TusOptions {
  app: FastifyInstance
  backendOf: (provider: string) => TusBackend | undefined
}

function tusServer(provider: 'local' | 's3', datastore: FileStore | S3Store, { app, backendOf }: TusOptions) {
  // What the stores' own checks allow, as OPTIONS announces it.
  datastore.extensions = OFFERED_EXTENSIONS
  return new Server({
    path: TUS_PATH,
    datastore,
    maxSize: async (req) => largestUploadBytes(contextOf(req).settings),
    namingFunction: () => `${provider}-${randomString(32)}`,
    // Relative to the prefix the client came through (/api or /web-api).
    generateUrl: (req, { id }) => `${new URL(req.url).pathname.replace(/\/+$/, '')}/${id}`,
    getFileIdFromRequest: (_req, lastPath) => (lastPath && ID.test(lastPath) ? lastPath : undefined),
    async onUploadCreate(req, upload) {
      const context = contextOf(req)
      const { user, language, settings } = context
      const metadata = upload.metadata ?? {}
      const kind: UploadKindName = metadata.kind === 'document' ? 'document' : 'image'
      const filename = String(metadata.filename ?? '').slice(0, 255)
      const resource = String(metadata.resource ?? '')
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
        if (resource !== '' && !(await mayUploadFor(app, user, resource))) {
          throw new AppError('validation', 'errors.validation', {
            errors: { file: [translate(language, 'upload.resource_refused')] },
          })
        }
        await openUpload(app.db, {
          id: upload.id,
          userId: user.id,
          size,
          language,
          quotaBytes: app.config.uploadQuotaBytes,
        })
        context.opened = upload.id
      } catch (error) {
        if (error instanceof AppError) throw refusal(language, error)
        throw error
      }
      return { metadata: { filename, kind, owner: String(user.id), resource } }
    },
    async onUploadFinish(req, upload: Upload) {
      const { user, language, settings } = contextOf(req)
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
          userId: user.id,
          quotaBytes: app.config.uploadQuotaBytes,
          storage: backend.storage,
          file,
          filename: metadata.filename ?? 'file',
          size,
          resource: metadata.resource ?? '',
          releasing: upload.id,
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
        await releaseOpenUpload(app.db, upload.id)
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
  const serverOf: ServerOf = (provider, datastore) => tusServer(provider, datastore, options)
  const backendFor = (provider: string): TusBackend | undefined => {
    let backend = backends.get(provider)
    if (!backend) {
      if (provider === 'local') backend = localBackend(app, serverOf)
      else if (provider === 's3' && app.config.s3) backend = s3Backend(app.config.s3, serverOf)
      else return undefined
      backends.set(provider, backend)
    }
    return backend
  }

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = request.user
    if (!user) throw unauthenticated()
    for (const [header, extension] of NOT_OFFERED_HEADERS) {
      if (request.headers[header] !== undefined)
        throw new AppError('bad_request', 'upload.extension_not_offered', { params: { extension } })
    }
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
    const context: RequestContext = { user, language: request.language, settings }
    contexts.set(request.raw, context)
    reply.hijack()
    await backend.server.handle(request.raw, reply.raw)
    // An upload opened but not made, or ended by its owner, counts no more.
    const status = reply.raw.statusCode
    if (context.opened && status >= 400) await releaseOpenUpload(app.db, context.opened)
    if (request.method === 'DELETE' && id && status === 204) await releaseOpenUpload(app.db, id)
  }

  // Unfinished uploads nobody continued within the expiration are deleted: their bytes would stay.
  // The scheduled job runs this once across the processes; a cluster keeps uploads in the object
  // store (local disk is refused there), so the process that runs it cleans everything there is.
  const cleanUp = async () => {
    let deleted = 0
    for (const provider of app.config.s3 ? ['local', 's3'] : ['local']) {
      deleted += (await backendFor(provider)?.server.cleanUpExpiredUploads()) ?? 0
      if (provider === 'local') await forgetExpiredOpenUploads(app.db)
    }
    return deleted
  }
  // The module is mounted under /api and /web-api; the first registers the app's clean-up.
  if (!cleanUps.has(app.config)) cleanUps.set(app.config, cleanUp)

  const tags = ['uploads']
  // Discovery is answered here rather than by tus: nothing of an upload is involved.
  app.route({
    method: 'OPTIONS',
    url: TUS_PATH,
    schema: { tags, summary: 'tus discovery: Tus-Version, Tus-Extension and Tus-Max-Size (204)' },
    handler: async (request, reply) => {
      if (!request.user) throw unauthenticated()
      const settings = await readUploadSettings(app.db, app.config)
      return reply
        .code(204)
        .header('tus-version', '1.0.0')
        .header('tus-extension', OFFERED_EXTENSIONS.join(','))
        .header('tus-max-size', String(largestUploadBytes(settings)))
        .send()
    },
  })
  app.post(
    TUS_PATH,
    {
      schema: {
        tags,
        summary:
          'Open a resumable upload (tus 1.0.0 creation): Upload-Length, Upload-Metadata filename, kind (image or document) and optionally resource; 201 with Location',
      },
    },
    handle,
  )
  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${TUS_PATH}/:id`,
    schema: {
      tags,
      summary:
        'An open upload: HEAD its Upload-Offset, PATCH the next piece (the last answers the stored file), DELETE to end it',
      params: z.object({ id: z.string().max(64) }),
    },
    handler: handle,
  })
}
