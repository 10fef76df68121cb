import {
  type FilterMeta,
  isDateOnly,
  LATEST_MOMENT,
  type Language,
  readDate,
  readDateTime,
  type ValueType,
} from '@brokerdesk/shared'
import { and, eq, gte, ilike, inArray, isNull, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { seededSourcesMatching } from '../i18n/seeded-texts'
import { columnOf, integerRangeOf, isTextColumn, requireColumn } from './columns'
import type { FieldIssue } from './field-errors'
import { firstValue, type QueryParams } from './parse-list-query'
import type { ResourceBinding } from './types'

type Value = string | number | Date

const INTEGER = /^-?\d{1,16}$/
const DAY_MS = 86_400_000

/** An integer the column can hold; undefined otherwise (a larger one would fail the query). */
function readInteger(raw: string, column: PgColumn): number | undefined {
  if (!INTEGER.test(raw)) return undefined
  const value = Number(raw)
  const { min, max } = integerRangeOf(column)
  return value >= min && value <= max ? value : undefined
}

/** Reads one filter value as its type, for the column it compares with; undefined when it is not one. */
function readValue(type: ValueType, raw: string, column: PgColumn, upperBound = false): Value | undefined {
  switch (type) {
    case 'integer':
    case 'integer[]':
    case 'boolean':
      if (raw === 'true') return 1
      if (raw === 'false') return 0
      return readInteger(raw, column)
    case 'number':
      return Number.isFinite(Number(raw)) ? Number(raw) : undefined
    case 'date':
      return readDate(raw)
    case 'datetime': {
      const time = readDateTime(raw)?.getTime()
      if (time === undefined) return undefined
      // A day as the upper bound of a range includes the whole day.
      return new Date(upperBound && isDateOnly(raw) ? Math.min(time + DAY_MS, LATEST_MOMENT) : time)
    }
    default:
      return raw
  }
}

/** The values of a parameter: repeated keys and comma-separated lists alike. */
function listOf(raw: string | string[]): string[] {
  return (Array.isArray(raw) ? raw : [raw])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '')
}

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A piece of an IPv4 or IPv6 address: hex digits with at least one dot or colon (no wildcard). */
const ADDRESS_FRAGMENT = /^[0-9a-f]*[.:][0-9a-f.:]*$/i

/**
 * `column ILIKE '%text%'`. A text of one or two characters holds no trigram: the trigram index would
 * hand back every row to recheck, and the planner, which cannot tell, chose it (a word matching
 * nothing in a million log entries: 12 s). On a column with the short-text indexes (`bigramColumns`)
 * such a text is found by `text_bigrams(column) @> text_bigrams(text)` (two characters) or
 * `text_chars(column) @> text_chars(text)` (one), which those indexes answer, and decided by
 * `strpos(lower(column), lower(text)) > 0`, which no index serves (the same match as the ILIKE),
 * tested first so that a scan computes the pieces of the rows holding the text only. The pieces'
 * statistics (migrations 0015, 0016) tell the planner how common the word is.
 * On an address column (`addressColumns`) a fragment of an address of three characters or more
 * (`36.12`) is found by `address_words(column) ILIKE address_words('%text%')`, its dots and colons made
 * letters so that its trigrams span them, and decided by `strpos` as above: the column's own trigram
 * index, which splits the fragment at the dots, matched most addresses (570 ms at 10M log entries).
 */
function contains(
  binding: ResourceBinding,
  field: string,
  column: PgColumn,
  text: string,
  language: Language | undefined,
): SQL {
  const like = ilike(column, escapeLike(text))
  const seeded = seededMatches(binding, field, text, language)
  if (seeded) return or(like, seeded) as SQL
  const length = [...text].length
  if (length > 2 && binding.addressColumns?.includes(field) && ADDRESS_FRAGMENT.test(text))
    return sql`(strpos(lower(${column}), lower(${text}::text)) > 0 and address_words(${column}) ilike address_words(${escapeLike(text)}::text))`
  if (length > 2 || !binding.bigramColumns?.includes(field)) return like
  const pieces = sql.raw(length === 2 ? 'text_bigrams' : 'text_chars')
  return sql`(strpos(lower(${column}), lower(${text}::text)) > 0 and ${pieces}(${column}) @> ${pieces}(${text}::text))`
}

/**
 * A field holding seeded texts is searched by what the user reads too: the rows still holding a
 * seeded source whose translation in the caller's language contains the text.
 */
function seededMatches(
  binding: ResourceBinding,
  field: string,
  text: string,
  language: Language | undefined,
): SQL | undefined {
  const rule = language ? binding.seeded?.find((seeded) => field in seeded.fields) : undefined
  if (!rule || !language) return undefined
  const sources = seededSourcesMatching(language, rule.kind, rule.fields[field], text)
  return sources.length > 0 ? inArray(requireColumn(binding.table, field), sources) : undefined
}

/** `exists (select 1 from link where owner = id and target in (...))` for a many-to-many field. */
function linkCondition(binding: ResourceBinding, field: string, values: number[], negate: boolean): SQL {
  const link = binding.links?.[field] as NonNullable<ResourceBinding['links']>[string]
  const id = requireColumn(binding.table, 'id')
  const subquery = sql`select 1 from ${link.table} where ${link.ownerColumn} = ${id} and ${inArray(link.targetColumn, values)}`
  return negate ? sql`not exists (${subquery})` : sql`exists (${subquery})`
}

function keywordCondition(
  binding: ResourceBinding,
  filter: FilterMeta,
  text: string,
  language: Language | undefined,
): SQL | undefined {
  const conditions = filter.fields.map((field) => {
    const column = requireColumn(binding.table, field)
    if (isTextColumn(column)) return contains(binding, field, column, text, language)
    const value = readInteger(text, column)
    return value === undefined ? undefined : eq(column, value)
  })
  return or(...conditions.filter((c): c is SQL => c !== undefined))
}

function filterCondition(
  binding: ResourceBinding,
  filter: FilterMeta,
  raw: string | string[],
  issues: FieldIssue[],
  language: Language | undefined,
): SQL | undefined {
  const whole = (Array.isArray(raw) ? (raw[0] ?? '') : raw).trim()
  const single = filter.kind === 'equals' || filter.kind === 'like' || filter.kind === 'keyword'
  const values = single ? (whole ? [whole] : []) : listOf(raw)
  if (values.length === 0) return undefined
  if (filter.kind === 'keyword') return keywordCondition(binding, filter, whole, language)

  const field = filter.fields[0]
  const bad = () => {
    issues.push({ field: filter.name, key: 'validations.messages.default' })
    return undefined
  }
  const link = binding.links?.[field]
  const column = link ? link.targetColumn : requireColumn(binding.table, field)
  if (filter.kind === 'between') {
    const parts = Array.isArray(raw) ? raw : raw.split(',')
    const [from, to] = [parts[0]?.trim() ?? '', parts[1]?.trim() ?? '']
    const low = from ? readValue(filter.type, from, column) : undefined
    const high = to ? readValue(filter.type, to, column, true) : undefined
    if ((from && low === undefined) || (to && high === undefined)) return bad()
    const exclusive = filter.type === 'datetime' && isDateOnly(to)
    return and(
      low === undefined ? undefined : gte(column, low),
      high === undefined ? undefined : exclusive ? lt(column, high) : lte(column, high),
    )
  }
  const typed = values.map((value) => readValue(filter.type, value, column))
  if (typed.some((value) => value === undefined)) return bad()
  const list = typed as Value[]

  if (link) return linkCondition(binding, field, list as number[], filter.kind === 'not-in')
  switch (filter.kind) {
    case 'equals':
      return eq(column, list[0])
    case 'like':
      return isTextColumn(column) ? contains(binding, field, column, whole, language) : eq(column, list[0])
    case 'in':
      return inArray(column, list)
    case 'not-in':
      return notInArray(column, list)
    case 'bits':
      return sql`(${column} & ${list.reduce<number>((mask, bit) => mask | Number(bit), 0)}) <> 0`
    default:
      return undefined
  }
}

/**
 * The condition of each filter of the definition whose query parameter holds a value (`?id=,` and
 * `?name=%20` hold none). Values that do not fit a filter's type become issues on that parameter.
 */
export function buildFilterConditions(
  binding: ResourceBinding,
  query: QueryParams,
  issues: FieldIssue[],
  language?: Language,
): SQL[] {
  const conditions: SQL[] = []
  for (const filter of binding.definition.filters) {
    const raw = query[filter.name]
    if (raw === undefined) continue
    const condition = filterCondition(binding, filter, raw, issues, language)
    if (condition) conditions.push(condition)
  }
  return conditions
}

/** The filters of the query that search text: a keyword, or a `like` filter on a text column, given a value. */
export function textSearchFilters(binding: ResourceBinding, query: QueryParams): string[] {
  return binding.definition.filters
    .filter((filter) => {
      if (filter.kind !== 'keyword' && filter.kind !== 'like') return false
      if (!firstValue(query[filter.name])?.trim()) return false
      return filter.fields.some((field) => {
        const column = columnOf(binding.table, field)
        return column !== undefined && isTextColumn(column)
      })
    })
    .map((filter) => filter.name)
}

/** Whether the query searches text: a keyword, or a `like` filter on a text column, given a value. */
export function searchesText(binding: ResourceBinding, query: QueryParams): boolean {
  return textSearchFilters(binding, query).length > 0
}

/** Rows not soft-deleted. */
export function liveRows(binding: ResourceBinding): SQL | undefined {
  const deletedAt = columnOf(binding.table, 'deleted_at')
  return deletedAt ? isNull(deletedAt) : undefined
}

/**
 * The conditions of a list: live rows, and every filter given a value (a text filter on seeded texts
 * matches them in `language` too).
 */
export function buildFilters(
  binding: ResourceBinding,
  query: QueryParams,
  issues: FieldIssue[],
  language?: Language,
): SQL | undefined {
  return and(liveRows(binding), ...buildFilterConditions(binding, query, issues, language))
}
