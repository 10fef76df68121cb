import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError, unauthenticated } from '../../errors'
import { LARGE_BODY_LIMIT } from '../../plugins/input-hygiene'
import { invalidFields } from '../../resource/field-errors'
import { localStorage, storageOf } from './file-storage'
import { qiniuUploadTicket } from './qiniu-token'
import { MAX_UPLOAD_KB, storeUpload } from './store-upload'
import { tusUploadsModule } from './tus-uploads'
import { readUploadSettings, refuseLocalDiskInCluster } from './upload-settings'

const codeOf = (error: unknown) => (error as { code?: string }).code

/** `POST /home/upload/index`: one multipart file field named `file`; and the resumable uploads. */
export const uploadsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(tusUploadsModule)
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_KB * 1024, files: 1, fields: 10 } })

  app.post(
    '/home/upload/index',
    { schema: { tags: ['uploads'], summary: 'Upload an image or a PDF' }, bodyLimit: LARGE_BODY_LIMIT },
    async (request) => {
      if (!request.user) throw unauthenticated()
      const user = request.user
      const fileRequired = () => invalidFields(request.language, [{ field: 'file', key: 'upload.required' }])
      let part: Awaited<ReturnType<typeof request.file>>
      try {
        part = await request.file()
      } catch (error) {
        if (codeOf(error) === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw fileRequired()
        throw error
      }
      if (part?.fieldname !== 'file') throw fileRequired()
      let data: Buffer
      try {
        data = await part.toBuffer()
      } catch (error) {
        if (codeOf(error) === 'FST_REQ_FILE_TOO_LARGE') {
          throw invalidFields(request.language, [
            { field: 'file', key: 'upload.too_large', params: { max: MAX_UPLOAD_KB } },
          ])
        }
        throw error
      }
      const settings = await readUploadSettings(app.db, app.config)
      // Qiniu takes uploads straight from the browser; a file sent to this server stays local.
      const storage = storageOf(app.config, settings.provider) ?? localStorage(app.config.uploadDir)
      if (storage.provider === 'local') await refuseLocalDiskInCluster(app)
      return storeUpload({
        db: app.db,
        storage,
        settings,
        language: request.language,
        userId: user.id,
        quotaBytes: app.config.uploadQuotaBytes,
        filename: part.filename,
        data,
      })
    },
  )

  app.get(
    '/home/upload/settings',
    { schema: { tags: ['uploads'], summary: 'Where uploads go and how large each kind may be (KB)' } },
    async () => {
      const settings = await readUploadSettings(app.db, app.config)
      return { provider: settings.provider, max_kb: settings.maxKb }
    },
  )

  app.get(
    '/open/qi-niu/token',
    {
      schema: {
        tags: ['open', 'uploads'],
        summary: 'A signed Qiniu upload token for one direct upload from the browser (logged-in users)',
        querystring: z.object({ kind: z.enum(['image', 'document']).default('image') }),
      },
    },
    async (request) => {
      if (!request.user) throw unauthenticated()
      const qiniu = app.config.qiniu
      if (!qiniu) throw new AppError('not_found', 'upload.qiniu_off')
      const settings = await readUploadSettings(app.db, app.config)
      return qiniuUploadTicket(qiniu, {
        kind: request.query.kind,
        maxBytes: settings.maxKb[request.query.kind] * 1024,
      })
    },
  )
}
