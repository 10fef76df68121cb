import {
  type ExportPage,
  isDateOnly,
  LATEST_MOMENT,
  type Language,
  type ListPage,
  LOG_COUNT_PERIOD,
  type LogCountPeriod,
  logCountResource,
  readDateTime,
} from '@brokerdesk/shared'
import type { SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { FieldIssue } from '../../resource/field-errors'
import {
  assertNoIssues,
  firstValue,
  parsePaging,
  parseSort,
  type QueryParams,
} from '../../resource/parse-list-query'
import { type CountLoginsOptions, countLogins } from './count-logins'
import { countScopedLogins } from './count-scoped-logins'

const PERIODS = LOG_COUNT_PERIOD.map((option) => option.value as LogCountPeriod)

/** Reads `type` (the period, default day) and `created_at=from,to`. */
function parseFilters(query: QueryParams, issues: FieldIssue[]) {
  const type = (firstValue(query.type) || 'day') as LogCountPeriod
  if (!PERIODS.includes(type)) issues.push({ field: 'type', key: 'validations.messages.in' })
  const raw = query.created_at
  const [fromText = '', toText = ''] = (Array.isArray(raw) ? raw : (raw ?? '').split(',')).map((v) =>
    v.trim(),
  )
  const read = (text: string, upper: boolean) => {
    if (!text) return undefined
    const time = readDateTime(text)?.getTime()
    if (time === undefined) {
      issues.push({ field: 'created_at', key: 'validations.messages.date' })
      return undefined
    }
    return new Date(upper && isDateOnly(text) ? Math.min(time + 86_400_000, LATEST_MOMENT) : time)
  }
  return {
    period: type,
    from: read(fromText, false),
    to: read(toText, true),
    toExclusive: isDateOnly(toText),
  }
}

function parse(query: QueryParams, language: Language, options: { export?: boolean } = {}) {
  const issues: FieldIssue[] = []
  const paging = parsePaging(query, issues, options)
  const sort = parseSort(logCountResource, query, issues)
  const filters = parseFilters(query, issues)
  assertNoIssues(language, issues, logCountResource)
  const counting: Omit<CountLoginsOptions, 'limit' | 'offset'> = { ...filters, desc: sort[0]?.desc ?? true }
  return { paging, counting }
}

/** The logins of everyone from the rollups, or those of the accounts of a data scope from the log. */
const countIn = (db: Db, options: CountLoginsOptions, scope: SQL | undefined) =>
  scope ? countScopedLogins(db, { ...options, scope }) : countLogins(db, options)

/**
 * Log statistics as a list page (SPEC §2 /admin/log-counts); `scope` (a condition on the log): the
 * logins of the accounts of the caller's data scope only.
 */
export async function listLogCounts(
  db: Db,
  query: QueryParams,
  language: Language,
  scope?: SQL,
): Promise<ListPage<object>> {
  const { paging, counting } = parse(query, language)
  const { page, perPage } = paging
  // The number of periods comes with every page: read from the rollups, it costs a count of them.
  const { rows, total } = await countIn(
    db,
    { ...counting, limit: perPage, offset: (page - 1) * perPage },
    scope,
  )
  return {
    data: rows,
    current_page: page,
    per_page: perPage,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    ...(paging.countTotal ? { total } : {}),
  }
}

/** Log statistics as export pages (by page; there is no id to key on). */
export async function exportLogCounts(
  db: Db,
  query: QueryParams,
  language: Language,
  scope?: SQL,
): Promise<ExportPage<object>> {
  const { paging, counting } = parse(query, language, { export: true })
  const { page, perPage } = paging
  const { rows, total } = await countIn(
    db,
    { ...counting, limit: perPage, offset: (page - 1) * perPage },
    scope,
  )
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), max_id: 0, data: rows }
}
