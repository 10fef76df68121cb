import { createReadStream } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../errors'
import { listLogFiles, readTail, resolveLogFile } from './log-files'

const tags = ['file-log']
const ZFileName = z.string().min(1).max(200)

const ZIndexQuery = z.object({
  /** A file to preview: its last lines (or those above `before`). */
  file: ZFileName.optional(),
  before: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  lines: z.coerce.number().int().min(1).max(1000).default(200),
  keyword: z.string().max(100).optional(),
  sort: z.enum(['name', 'size', 'modified']).default('modified'),
  order: z.enum(['asc', 'desc']).default('desc'),
})

/**
 * The server's log files under DATA_DIR/logs (SPEC §2 "log file"): the list (filter, sort), a file's
 * last lines paged backwards, and the download (SPEC's error-log download).
 */
export async function fileLogRoutes(app: FastifyInstance): Promise<void> {
  const dir = app.config.logDir

  app.get(
    '/admin/file-log/index',
    {
      schema: {
        tags,
        summary:
          'The log files (size, time), or with `file` the lines of a file read backwards from `before`',
        querystring: ZIndexQuery,
      },
    },
    async (request) => {
      const query = request.query as z.infer<typeof ZIndexQuery>
      if (query.file !== undefined) {
        const { file } = await resolveLogFile(dir, query.file)
        return { file: query.file, ...(await readTail(file, { before: query.before, count: query.lines })) }
      }
      const keyword = query.keyword?.trim().toLowerCase()
      const files = (await listLogFiles(dir)).filter(
        (file) => !keyword || file.name.toLowerCase().includes(keyword),
      )
      const direction = query.order === 'asc' ? 1 : -1
      files.sort((a, b) => {
        const by =
          query.sort === 'size'
            ? a.size - b.size
            : query.sort === 'name'
              ? a.name.localeCompare(b.name)
              : a.modified.localeCompare(b.modified)
        return by * direction || a.name.localeCompare(b.name)
      })
      return { files, keep_days: app.config.logKeepDays }
    },
  )

  app.get(
    '/admin/down-log',
    {
      schema: {
        tags,
        summary: 'Download a log file (the newest one without `file`)',
        querystring: z.object({ file: ZFileName.optional() }),
      },
    },
    async (request, reply) => {
      const wanted = (request.query as { file?: string }).file ?? (await listLogFiles(dir))[0]?.name
      if (wanted === undefined) throw new AppError('not_found', 'file_log.not_found')
      const { file, size } = await resolveLogFile(dir, wanted)
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-length', String(size))
        .header('content-disposition', `attachment; filename="${wanted}"`)
        .header('cache-control', 'no-store')
        .send(size === 0 ? '' : createReadStream(file, { start: 0, end: size - 1 }))
    },
  )
}
