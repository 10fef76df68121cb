import fs from 'node:fs'
import fastifyStatic from '@fastify/static'
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { uploads } from '../../db/schema/index'
import { notFound, unauthenticated } from '../../errors'
import { resolveSession } from '../../plugins/session'
import { storageOf } from './file-storage'
import { mayReadPrivateUpload } from './upload-access'

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}
const isPrivatePath = (pathName: string) => /^\/*private(\/|$)/i.test(decoded(pathName) ?? 'private/')

/**
 * Serves stored uploads at `/uploads/...`, outside the API prefixes. Public local files (pictures)
 * straight from the upload folder; private files (`/uploads/private/...`, documents) only to their
 * owner and the administrators of the resource they were uploaded for (mayReadPrivateUpload), 404 to
 * any other logged-in user; files of other stores (`/uploads/s3/...`) from their store, by their record.
 * PDFs are always downloads, never shown inside the site.
 */
export const serveUploadsPlugin: FastifyPluginAsync = async (app) => {
  fs.mkdirSync(app.config.uploadDir, { recursive: true })
  await app.register(fastifyStatic, {
    root: app.config.uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    allowedPath: (pathName) => !isPrivatePath(pathName),
    setHeaders(res, filePath) {
      res.header('cache-control', 'public, max-age=31536000, immutable')
      res.header('x-content-type-options', 'nosniff')
      // A PDF shown by the browser would run inside our origin; it is downloaded instead.
      if (filePath.endsWith('.pdf')) res.header('content-disposition', 'attachment')
    },
  })

  const serveRecorded = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = decoded(request.url.split('?')[0])
    if (!url || url.length > 255) throw notFound()
    const [file] = await app.db
      .select({
        provider: uploads.provider,
        key: uploads.key,
        mime: uploads.mime,
        private: uploads.private,
        user_id: uploads.user_id,
        resource: uploads.resource,
      })
      .from(uploads)
      .where(and(eq(uploads.url, url), isNull(uploads.deleted_at)))
      .limit(1)
    if (!file) throw notFound()
    if (file.private) {
      // A link in the SPA carries the session cookie; another client its bearer token.
      request.channel = 'web'
      await resolveSession(request, reply)
      if (!request.user) throw unauthenticated()
      if (!(await mayReadPrivateUpload(app, request.user, file))) throw notFound()
    }
    const storage = storageOf(app.config, file.provider)
    const opened = storage && (await storage.open(file.key))
    if (!opened) throw notFound()
    reply
      .header('content-type', file.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', file.private ? 'private, no-store' : 'public, max-age=31536000, immutable')
    if (opened.size !== undefined) reply.header('content-length', opened.size)
    if (file.mime === 'application/pdf') reply.header('content-disposition', 'attachment')
    return reply.send(opened.stream)
  }
  const schema = { hide: true }
  app.get('/uploads/private/*', { schema }, serveRecorded)
  app.get('/uploads/s3/*', { schema }, serveRecorded)
}
