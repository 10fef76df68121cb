import fs from 'node:fs'
import path from 'node:path'
import type { FastifyServerOptions } from 'fastify'
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

/**
 * Structured logs: to standard output and to daily rolling files under `<DATA_DIR>/logs`
 * (`brokerdesk.<date>.<n>.log`, 50 MB a file; kept LOG_KEEP_DAYS days by `startLogPruning`).
 */
export function buildLoggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false
  fs.mkdirSync(config.logDir, { recursive: true })
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    transport: {
      targets: [
        { target: 'pino/file', level: config.logLevel, options: { destination: 1 } },
        {
          target: 'pino-roll',
          level: config.logLevel,
          options: {
            file: path.join(config.logDir, 'brokerdesk'),
            extension: '.log',
            frequency: 'daily',
            size: '50m',
            dateFormat: 'yyyy-MM-dd',
            mkdir: true,
          },
        },
      ],
    },
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
