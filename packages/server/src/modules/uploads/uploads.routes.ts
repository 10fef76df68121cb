import multipart from '@fastify/multipart'
import type { FastifyPluginAsync } from 'fastify'
import { unauthenticated } from '../../errors'
import { LARGE_BODY_LIMIT } from '../../plugins/input-hygiene'
import { invalidFields } from '../../resource/field-errors'
import { MAX_UPLOAD_KB, storeUpload } from './store-upload'

const codeOf = (error: unknown) => (error as { code?: string }).code

/** `POST /home/upload/index`: one multipart file field named `file`. */
export const uploadsModule: FastifyPluginAsync = async (app) => {
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
      return storeUpload({
        db: app.db,
        uploadDir: app.config.uploadDir,
        language: request.language,
        userId: user.id,
        quotaBytes: app.config.uploadQuotaBytes,
        filename: part.filename,
        data,
      })
    },
  )
}
