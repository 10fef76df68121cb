import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../errors'
import { askNode, findNode } from '../cluster/ask-node'
import { isNodeKey, NODE_KEY_HEADER } from '../cluster/node-key'
import { listLogFiles, readTail, resolveLogFile } from './log-files'

const tags = ['file-log']
const ZFileName = z.string().min(1).max(200)
/** A node of the cluster (cluster_nodes.node_id); absent: the node answering. */
const ZNodeId = z.string().min(1).max(100)

const ZIndexQuery = z.object({
  /** A file to preview: its last lines (or those above `before`). */
  file: ZFileName.optional(),
  before: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  lines: z.coerce.number().int().min(1).max(1000).default(200),
  keyword: z.string().max(100).optional(),
  sort: z.enum(['name', 'size', 'modified']).default('modified'),
  order: z.enum(['asc', 'desc']).default('desc'),
})
type IndexQuery = z.infer<typeof ZIndexQuery>
const ZDownQuery = z.object({ file: ZFileName.optional() })

/** This node's files (the list, filtered and sorted) or the lines of one of them. */
async function readLocalIndex(dir: string, query: IndexQuery) {
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
  return { files }
}

async function sendLocalFile(dir: string, wanted: string | undefined, reply: FastifyReply) {
  const name = wanted ?? (await listLogFiles(dir))[0]?.name
  if (name === undefined) throw new AppError('not_found', 'file_log.not_found')
  const { file, size } = await resolveLogFile(dir, name)
  return reply
    .type('text/plain; charset=utf-8')
    .header('content-length', String(size))
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(size === 0 ? '' : createReadStream(file, { start: 0, end: size - 1 }))
}

/** The query string of a call to another node: the request's own, without `node`. */
function forwardedQuery(query: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (key !== 'node' && value !== undefined) params.set(key, String(value))
  return params.toString()
}

/**
 * The server's log files under DATA_DIR/logs (SPEC §2 "log file"): the list (filter, sort), a file's
 * last lines paged backwards, and the download (SPEC's error-log download). With `node`, another
 * process's files: this one asks that node (its address in cluster_nodes, the node key of APP_KEY).
 */
export async function fileLogRoutes(app: FastifyInstance): Promise<void> {
  const dir = app.config.logDir
  const self = app.config.node.id

  app.get(
    '/admin/file-log/index',
    {
      schema: {
        tags,
        summary:
          'The log files (size, time), or with `file` the lines of a file read backwards from `before`; `node`: another server process',
        querystring: ZIndexQuery.extend({ node: ZNodeId.optional() }),
      },
    },
    async (request, reply) => {
      const { node, ...query } = request.query as IndexQuery & { node?: string }
      const [nodes, replica] = [await app.cluster.nodes(), app.database.replica?.status()]
      const about = {
        node: node ?? self,
        nodes: nodes.map(({ id, started_at, seen_at }) => ({ id, started_at, seen_at, self: id === self })),
        ...(replica && { replica }),
      }
      if (node !== undefined && node !== self) {
        const answer = await askNode(
          await findNode(app, node),
          `/_node/file-log/index?${forwardedQuery(query)}`,
          app.appKey,
        )
        const body = (await answer.json()) as Record<string, unknown>
        if (!answer.ok) return reply.status(answer.status).send(body)
        return query.file === undefined ? { ...body, keep_days: app.config.logKeepDays, ...about } : body
      }
      const local = await readLocalIndex(dir, query)
      return query.file === undefined ? { ...local, keep_days: app.config.logKeepDays, ...about } : local
    },
  )

  app.get(
    '/admin/down-log',
    {
      schema: {
        tags,
        summary: 'Download a log file (the newest one without `file`); `node`: another server process',
        querystring: ZDownQuery.extend({ node: ZNodeId.optional() }),
      },
    },
    async (request, reply) => {
      const { node, file } = request.query as { node?: string; file?: string }
      if (node === undefined || node === self) return sendLocalFile(dir, file, reply)
      const answer = await askNode(
        await findNode(app, node),
        `/_node/down-log?${forwardedQuery({ file })}`,
        app.appKey,
      )
      if (!answer.ok || !answer.body) return reply.status(answer.status).send(await answer.json())
      for (const header of ['content-type', 'content-length', 'content-disposition', 'cache-control']) {
        const value = answer.headers.get(header)
        if (value) reply.header(header, value)
      }
      return reply.send(Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream))
    },
  )
}

/**
 * What the other nodes ask of this one, outside /web-api and /api: only with the node key (anyone
 * else gets a 404, as for a route that does not exist).
 */
export async function nodeFileLogRoutes(app: FastifyInstance): Promise<void> {
  const dir = app.config.logDir
  app.addHook('onRequest', async (request) => {
    if (!isNodeKey(app.appKey, request.headers[NODE_KEY_HEADER]))
      throw new AppError('not_found', 'errors.not_found')
  })
  app.get('/_node/file-log/index', { schema: { hide: true, querystring: ZIndexQuery } }, async (request) =>
    readLocalIndex(dir, request.query as IndexQuery),
  )
  app.get('/_node/down-log', { schema: { hide: true, querystring: ZDownQuery } }, async (request, reply) =>
    sendLocalFile(dir, (request.query as { file?: string }).file, reply),
  )
}
