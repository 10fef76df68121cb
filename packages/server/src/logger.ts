import fs from 'node:fs'
import path from 'node:path'
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify'
import pino from 'pino'
import pinoRoll from 'pino-roll'
import type { AppConfig } from './config'

/** Never written to a log, whatever level. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_confirmation',
  '*.old_password',
  '*.token',
  '*._token',
]

/** The server's logger: the options Fastify takes, and what writes the last lines before the process exits. */
export interface ServerLogger {
  options: FastifyServerOptions['logger']
  flush(): void
}

/**
 * Lines are gathered until 4 KB or a tenth of a second, then written together: one write per line
 * (two streams) was the largest part of a busy server's system calls after the answers themselves.
 * The shutdown writes what is gathered (`flush`).
 */
const BATCHED = { minLength: 4096, periodicFlush: 100 }

/**
 * Structured logs: to standard output and to daily rolling files under `<DATA_DIR>/logs`
 * (`brokerdesk-<node>.<date>.<n>.log`, 50 MB a file; kept LOG_KEEP_DAYS days by `startLogPruning`).
 * Both are written from the main thread, batched and flushed asynchronously (sonic-boom): pino's
 * worker-thread transport cost more than that, and under load the request waited for the worker
 * (a tenth of the main thread's time went to handing lines over, `bench/products-list.mjs`).
 */
export async function buildLogger(config: AppConfig): Promise<ServerLogger> {
  if (config.logLevel === 'silent') return { options: false, flush: () => undefined }
  fs.mkdirSync(config.logDir, { recursive: true })
  const standardOutput = pino.destination({ dest: 1, sync: false, ...BATCHED })
  const rolling = await pinoRoll({
    ...BATCHED,
    // The node's name in the file's: processes sharing a data folder never write the same file.
    file: path.join(config.logDir, `brokerdesk-${config.node.id}`),
    extension: '.log',
    frequency: 'daily',
    size: '50m',
    dateFormat: 'yyyy-MM-dd',
    mkdir: true,
  })
  const level = config.logLevel
  return {
    options: {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      stream: pino.multistream([
        { level, stream: standardOutput },
        { level, stream: rolling },
      ]),
    },
    flush() {
      for (const stream of [standardOutput, rolling]) {
        try {
          stream.flushSync()
        } catch {
          // A stream not open yet, or closed: nothing of it to write.
        }
      }
    },
  }
}

/**
 * One line a request, written when it ends: the request (method, url, address), the status and the
 * time taken (Fastify writes two, on arrival and at the end; half the lines cost half as much).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      )
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Deletes the log files last written more than `days` days ago; answers their names. */
export async function pruneLogFiles(dir: string, days: number, now = Date.now()): Promise<string[]> {
  const removed: string[] = []
  const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.log')) continue
    const file = path.join(dir, entry.name)
    const stat = await fs.promises.lstat(file).catch(() => undefined)
    if (!stat?.isFile() || now - stat.mtimeMs <= days * DAY_MS) continue
    await fs.promises.rm(file, { force: true })
    removed.push(entry.name)
  }
  return removed
}

/** Prunes the log folder now and every six hours while the process runs. */
export function startLogPruning(config: AppConfig, onError: (error: unknown) => void): () => void {
  const prune = () => void pruneLogFiles(config.logDir, config.logKeepDays).catch(onError)
  prune()
  const timer = setInterval(prune, DAY_MS / 4)
  timer.unref()
  return () => clearInterval(timer)
}
