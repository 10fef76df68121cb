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
 * (kept 14 days, 50 MB a file).
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
            limit: { count: 14 },
            mkdir: true,
          },
        },
      ],
    },
  }
}
