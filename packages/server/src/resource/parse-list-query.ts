import {
  DEFAULT_EXPORT_PER_PAGE,
  DEFAULT_PER_PAGE,
  EXPORT_PER_PAGE_OPTIONS,
  type Language,
  PER_PAGE_OPTIONS,
  type ResourceDefinition,
} from '@brokerdesk/shared'
import { type FieldIssue, invalidFields } from './field-errors'

/** Query parameters as Fastify hands them: a repeated key becomes an array. */
export type QueryParams = Record<string, string | string[] | undefined>

export interface SortKey {
  field: string
  desc: boolean
}

export interface Paging {
  page: number
  perPage: number
  /** Whether the caller named a page (no page means "count the total"). */
  pageGiven: boolean
  countTotal: boolean
}

export const firstValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value

const isTrue = (value: string | undefined) => value === '1' || value === 'true'

const POSITIVE = /^\d+$/

/**
 * Reads `page` (default 1), `per_page` (one of the offered sizes; larger ones are capped) and
 * `get_count`. The total is counted when asked, or when no page is given.
 */
export function parsePaging(
  query: QueryParams,
  issues: FieldIssue[],
  options: { export?: boolean } = {},
): Paging {
  const sizes: readonly number[] = options.export ? EXPORT_PER_PAGE_OPTIONS : PER_PAGE_OPTIONS
  const max = sizes[sizes.length - 1]
  const rawPage = firstValue(query.page)
  const rawPerPage = firstValue(query.per_page)
  let page = 1
  if (rawPage !== undefined && rawPage !== '') {
    if (POSITIVE.test(rawPage) && Number(rawPage) >= 1 && Number(rawPage) <= 10_000_000)
      page = Number(rawPage)
    else issues.push({ field: 'page', key: 'validations.messages.integer' })
  }
  let perPage = options.export ? DEFAULT_EXPORT_PER_PAGE : DEFAULT_PER_PAGE
  if (rawPerPage !== undefined && rawPerPage !== '') {
    const asked = POSITIVE.test(rawPerPage) ? Number(rawPerPage) : Number.NaN
    if (asked > max) perPage = max
    else if (sizes.includes(asked)) perPage = asked
    else issues.push({ field: 'per_page', key: 'resource.per_page', params: { sizes: sizes.join(', ') } })
  }
  const pageGiven = rawPage !== undefined && rawPage !== ''
  return { page, perPage, pageGiven, countTotal: isTrue(firstValue(query.get_count)) || !pageGiven }
}

/** Reads `sort=field,-other`: only whitelisted fields; `-` sorts descending. */
export function parseSort(
  definition: ResourceDefinition,
  query: QueryParams,
  issues: FieldIssue[],
): SortKey[] {
  const raw = query.sort
  const parts = (Array.isArray(raw) ? raw : [raw ?? ''])
    .flatMap((value) => value.split(','))
    .map((part) => part.trim())
    .filter(Boolean)
  const keys: SortKey[] = []
  for (const part of parts) {
    const desc = part.startsWith('-')
    const field = desc ? part.slice(1) : part
    if (!definition.sorts.includes(field)) {
      issues.push({ field: 'sort', key: 'resource.sort_not_allowed', params: { sort: field } })
    } else if (!keys.some((key) => key.field === field)) {
      keys.push({ field, desc })
    }
  }
  return keys
}

/** The default order of a list: the definition's default sort. */
export function defaultSort(definition: ResourceDefinition): SortKey[] {
  return parseSort(definition, { sort: definition.defaultSort }, [])
}

/** Throws one 422 for everything wrong with the query. */
export function assertNoIssues(language: Language, issues: FieldIssue[], definition?: ResourceDefinition) {
  if (issues.length > 0) throw invalidFields(language, issues, definition)
}
