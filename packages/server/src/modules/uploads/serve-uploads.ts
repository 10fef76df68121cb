import fs from 'node:fs'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'

/** Serves stored uploads at `/uploads/...`, outside the API prefixes; PDFs as downloads. */
export const serveUploadsPlugin: FastifyPluginAsync = async (app) => {
  fs.mkdirSync(app.config.uploadDir, { recursive: true })
  await app.register(fastifyStatic, {
    root: app.config.uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders(res, filePath) {
      res.header('cache-control', 'public, max-age=31536000, immutable')
      res.header('x-content-type-options', 'nosniff')
      // A PDF shown by the browser would run inside our origin; it is downloaded instead.
      if (filePath.endsWith('.pdf')) res.header('content-disposition', 'attachment')
    },
  })
}
