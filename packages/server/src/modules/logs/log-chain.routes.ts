import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { setStatementTimeout } from '../../db/statement-timeout'
import { AppError } from '../../errors'
import { translateIssues } from '../../resource/field-errors'
import {
  keyFingerprint,
  type LogPeriod,
  logReportCsv,
  REPORT_MAX_ENTRIES,
  reportSigningKey,
  signReport,
  verifyLogChain,
} from './log-chain'

const DAY_MS = 86_400_000
/** The longest period one verify or report covers. */
export const MAX_PERIOD_DAYS = 366
const DATE = /^\d{4}-\d{2}-\d{2}$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/

/** A day (UTC; `to` then includes it) or a time; undefined when it is neither. */
function parseBound(value: unknown, end: boolean): Date | undefined {
  if (typeof value !== 'string') return undefined
  if (DATE.test(value)) {
    const day = new Date(`${value}T00:00:00Z`)
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return undefined
    return end ? new Date(day.getTime() + DAY_MS) : day
  }
  if (!DATE_TIME.test(value)) return undefined
  const time = new Date(value.replace(' ', 'T'))
  return Number.isNaN(time.getTime()) ? undefined : time
}

/** The period of `from` and `to` in the query: both needed, from before to, at most MAX_PERIOD_DAYS; else 422. */
export function periodOf(request: FastifyRequest): LogPeriod {
  const query = request.query as { from?: unknown; to?: unknown }
  const from = parseBound(query.from, false)
  const to = parseBound(query.to, true)
  if (!from || !to || from >= to || to.getTime() - from.getTime() > MAX_PERIOD_DAYS * DAY_MS) {
    const errors = translateIssues(request.language, [{ field: 'from', key: 'log_chain.bad_range' }])
    throw new AppError('validation', 'log_chain.bad_range', { errors })
  }
  return { from, to }
}

const PeriodQuery = z.object({
  from: z.string().describe('a day (YYYY-MM-DD, UTC) or a time (ISO 8601)'),
  to: z.string().describe('a day (included) or a time (excluded)'),
})
const ReportQuery = PeriodQuery.extend({
  part: z.string().optional().describe('signature: the Ed25519 signature of the CSV alone (64 bytes)'),
})
const documentOnly = () => (data: unknown) => ({ value: data })

/**
 * The tamper-evident log's routes: the chain's check over a period, and the period's signed report
 * for auditors (docs/log-chain.md says how they check it) with the key it is signed with.
 */
export function logChainRoutes(app: FastifyInstance): void {
  const timeoutMs = app.config.databaseTimeouts.transferStatementMs
  app.get(
    '/admin/logs/verify',
    {
      schema: {
        tags: ['logs'],
        summary: "Checks the log's hash chain over a period",
        querystring: PeriodQuery,
      },
      validatorCompiler: documentOnly,
    },
    async (request) => {
      const period = periodOf(request)
      return app.db.transaction(async (tx) => {
        await setStatementTimeout(tx, timeoutMs)
        return verifyLogChain(tx, period)
      })
    },
  )
  app.get(
    '/admin/logs/report',
    {
      schema: {
        tags: ['logs'],
        summary: "The period's entries as CSV, signed (Ed25519, header X-Brokerdesk-Signature)",
        querystring: ReportQuery,
      },
      validatorCompiler: documentOnly,
    },
    async (request, reply) => {
      const period = periodOf(request)
      const csv = await app.db.transaction(async (tx) => {
        await setStatementTimeout(tx, timeoutMs)
        return logReportCsv(tx, period)
      })
      if (csv === undefined) {
        const params = { max: REPORT_MAX_ENTRIES }
        const errors = translateIssues(request.language, [{ field: 'to', key: 'log_chain.too_many', params }])
        throw new AppError('validation', 'log_chain.too_many', { errors, params })
      }
      const body = Buffer.from(csv, 'utf8')
      // Named by the first and the last day (UTC) the period touches.
      const lastDay = new Date(period.to.getTime() - 1).toISOString().slice(0, 10)
      const name = `operation-log_${period.from.toISOString().slice(0, 10)}_${lastDay}.csv`
      const signature = signReport(app.appKey, body)
      // The signature alone, as the file `openssl pkeyutl -verify -sigfile` reads (a browser download
      // keeps no header): the same period gives the same CSV, so it signs the CSV downloaded beside it.
      if ((request.query as { part?: unknown }).part === 'signature') {
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', `attachment; filename="${name}.sig"`)
          .send(Buffer.from(signature, 'base64'))
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-brokerdesk-signature', `ed25519=${signature}`)
        .header('access-control-expose-headers', 'X-Brokerdesk-Signature')
        .send(body)
    },
  )
  app.get(
    '/admin/logs/report/key',
    {
      schema: {
        tags: ['logs'],
        summary: 'The public key reports are signed with (PEM) and its fingerprint',
        querystring: z.object({ format: z.string().optional().describe('pem: the key as a file') }),
      },
      validatorCompiler: documentOnly,
      // Whoever may download a report may read the key that checks it.
      config: { heldAs: { url: '/admin/logs/report', method: 'GET' } },
    },
    async (request, reply) => {
      const { publicKeyPem } = reportSigningKey(app.appKey)
      if ((request.query as { format?: unknown }).format === 'pem') {
        return reply
          .header('content-type', 'application/x-pem-file')
          .header('content-disposition', 'attachment; filename="operation-log-report-key.pem"')
          .send(publicKeyPem)
      }
      return { algorithm: 'Ed25519', public_key: publicKeyPem, fingerprint: keyFingerprint(publicKeyPem) }
    },
  )
}
