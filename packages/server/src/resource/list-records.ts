import { type Language, type ListPage, MAX_SKIPPED_ROWS } from '@brokerdesk/shared'
import { and, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { isStatementTimeout } from '../db/database-unavailable'
import { isPoolDatabase } from '../db/raw-query'
import { buildFilters, liveRows, textSearchFilters } from './build-filters'
import { columnOf, isRecordId, requireColumn } from './columns'
import { type FieldIssue, invalidFields } from './field-errors'
import {
  type NarrowedSearch,
  narrowTextSearch,
  ORDER_WALK_ROWS,
  TEXT_MATCHES_READ,
} from './narrow-text-search'
import {
  assertNoIssues,
  defaultSort,
  firstValue,
  parsePaging,
  parseSort,
  type QueryParams,
  type SortKey,
} from './parse-list-query'
import { presentRows } from './present-rows'
import { countRows, estimateRows, selectRows } from './select-rows'
import { listTree } from './tree/list-tree'
import type { ResourceBinding, Row } from './types'

export interface ListRecordsOptions {
  db: Db
  binding: ResourceBinding
  query: QueryParams
  language: Language
  /** A condition every row must meet besides the filters (the binding's scope for this caller). */
  scope?: SQL
  /** On PostgreSQL, how long a text search may run before it answers 422 "narrow it" (ms; 0: no limit). */
  searchTimeoutMs?: number
  /**
   * How many matching ids a text search reads first (TEXT_MATCHES_READ by default): fewer for a page
   * whose exact total nobody reads (the command palette's five), so a common word is not read a
   * thousand times before the sort's index finds its page.
   */
  textMatchesRead?: number
  /** How many rows of the list's order a first page's text search walks first (ORDER_WALK_ROWS). */
  orderWalkRows?: number
}

/**
 * A list page: filters from the query parameters named after the fields, a whitelisted sort,
 * `page` / `per_page`. The total is counted only when asked (`get_count=1`) or when no page is
 * given; otherwise one row more than the page is read to know whether another page follows, and
 * `total_estimate` says at once about how many rows match (`total_exact`: exactly that many).
 * `tree=1` on a hierarchy answers every matching node, nested (for a tree select).
 * A page by number skips at most MAX_SKIPPED_ROWS rows (OFFSET reads each one: 6.3 s for page 63,334
 * of a million products); a deeper one is a 422 saying how to get there — from a nearby page by
 * position (`after` / `before`, with `skip`), back from the end (`last=1&skip=`), or with filters —
 * unless the text search already found every match.
 */
export async function listRecords(options: ListRecordsOptions): Promise<ListPage<Row>> {
  const { db, binding, query, language, searchTimeoutMs } = options
  const searched = textSearchFilters(binding, query)
  if (searched.length === 0 || !searchTimeoutMs || !isPoolDatabase(db)) return listPage(options)
  // A text search runs with its own time limit, in a transaction of its own (`set local`): one that
  // the indexes cannot answer in time is a 422 on its filter ("narrow the search") at once, rather
  // than a 503 once the statement time-out stops it. Without parallel workers: the planner cannot
  // tell a character found nowhere from a rare one (0.5 % of the rows each) and started workers for
  // a bitmap of nothing, which cost more than the search (60 ms on a busy machine against 0.2).
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('statement_timeout', ${String(searchTimeoutMs)}, true), set_config('max_parallel_workers_per_gather', '0', true)`,
      )
      return listPage({ ...options, db: tx as unknown as Db })
    })
  } catch (error) {
    if (!isStatementTimeout(error)) throw error
    throw invalidFields(
      language,
      searched.map((field) => ({ field, key: 'resource.search_too_broad' })),
      binding.definition,
    )
  }
}

async function listPage(options: ListRecordsOptions): Promise<ListPage<Row>> {
  const { db, binding, query, language } = options
  const definition = binding.definition
  const issues: FieldIssue[] = []
  const paging = parsePaging(query, issues)
  const sort = parseSort(definition, query, issues)
  const where = and(buildFilters(binding, query, issues, language), options.scope)
  assertNoIssues(language, issues, definition)

  if (definition.tree && firstValue(query.tree) === '1') return listTree(db, binding, where, language)

  const { page, perPage } = paging
  const order = sort.length > 0 ? sort : defaultSort(definition)
  const keyset = readKeyset(binding, query, order, language)
  // A first page whose total nobody asked walks the list's order first (a common word's page).
  const walk =
    !keyset && page === 1 && !paging.countTotal
      ? {
          order,
          wanted: perPage + 1,
          bounds: and(liveRows(binding), options.scope),
          rows: options.orderWalkRows ?? ORDER_WALK_ROWS,
        }
      : undefined
  const search = await narrowTextSearch(db, binding, query, where, options.textMatchesRead, walk)
  if (keyset) return listByPosition(options, keyset, { ...search, order, page, perPage })
  if ((page - 1) * perPage > MAX_SKIPPED_ROWS && search.matched === undefined)
    throw tooDeep(language, 'page', binding)
  const [total, rows] = await Promise.all([
    paging.countTotal ? (search.matched ?? countRows(db, binding, search.where)) : undefined,
    search.matched === 0
      ? []
      : selectRows(db, binding, {
          where: search.where,
          order,
          limit: paging.countTotal ? perPage : perPage + 1,
          offset: (page - 1) * perPage,
        }),
  ])
  const hasMore = rows.length > perPage
  const lastPage = total === undefined ? (hasMore ? page + 1 : page) : Math.max(1, Math.ceil(total / perPage))
  // A page that is the last one (and not past the end) tells the exact number itself, as does a
  // text search that found every match; otherwise the estimate is asked (mostly kept from an
  // earlier request: large estimates are cached).
  const known =
    search.matched ??
    (!hasMore && (rows.length > 0 || page === 1) ? (page - 1) * perPage + rows.length : undefined)
  const [data, estimate] = await Promise.all([
    presentRows(db, binding, rows.slice(0, perPage), language),
    total === undefined && known === undefined ? estimateSearch(db, binding, search) : undefined,
  ])
  return {
    data,
    current_page: page,
    per_page: perPage,
    last_page: lastPage,
    ...(total === undefined ? {} : { total }),
    ...(total !== undefined
      ? {}
      : known !== undefined
        ? { total_estimate: known, total_exact: true }
        : {
            total_estimate: Math.max(estimate?.value ?? 0, page * perPage + 1),
            total_exact: estimate?.exact ?? false,
          }),
  }
}

/**
 * About how many rows a list's conditions match. A page the order walk found is kept to its rows by id:
 * the estimate is of the search itself, counted only below TEXT_MATCHES_READ — a word common enough to
 * fill the page from the walk cost more to count to EXACT_COUNT_BELOW than the page (every row of a
 * small list: 10k log entries, "in", 0.2 s).
 */
function estimateSearch(db: Db, binding: ResourceBinding, search: NarrowedSearch) {
  return search.searched
    ? estimateRows(db, binding, search.searched, TEXT_MATCHES_READ)
    : estimateRows(db, binding, search.where)
}

interface Keyset {
  /** The page after (or before) the row with this id, in the list's order; or the last page. */
  after?: number
  before?: number
  last?: boolean
  /** Rows skipped beyond that row, or from the end (at most MAX_SKIPPED_ROWS). */
  skip: number
}

const ID_TEXT = /^\d{1,10}$/
const SKIP_TEXT = /^\d{1,9}$/

const tooDeep = (language: Language, field: string, binding: ResourceBinding) =>
  invalidFields(
    language,
    [{ field, key: 'resource.page_too_deep', params: { rows: MAX_SKIPPED_ROWS.toLocaleString('en') } }],
    binding.definition,
  )

/** `after=<id>`, `before=<id>` or `last=1` (with `skip=<rows>`): paging by position, from the index of the sort. */
function readKeyset(binding: ResourceBinding, query: QueryParams, order: SortKey[], language: Language) {
  const raw = {
    after: firstValue(query.after),
    before: firstValue(query.before),
    last: firstValue(query.last),
    skip: firstValue(query.skip),
  }
  const issues: FieldIssue[] = []
  const id = (field: 'after' | 'before') => {
    const value = raw[field]
    if (value === undefined || value === '') return undefined
    const number = ID_TEXT.test(value) ? Number(value) : Number.NaN
    if (!isRecordId(number)) issues.push({ field, key: 'validations.messages.integer' })
    return number
  }
  const skip =
    raw.skip === undefined || raw.skip === '' ? 0 : SKIP_TEXT.test(raw.skip) ? Number(raw.skip) : -1
  if (skip < 0) issues.push({ field: 'skip', key: 'validations.messages.integer' })
  const keyset: Keyset = {
    after: id('after'),
    before: id('before'),
    last: raw.last === '1' || raw.last === 'true',
    skip,
  }
  assertNoIssues(language, issues, binding.definition)
  if (keyset.after === undefined && keyset.before === undefined && !keyset.last) {
    // Skipping rows from the start is what `page` does.
    if (skip > 0)
      assertNoIssues(language, [{ field: 'skip', key: 'validations.messages.default' }], binding.definition)
    return undefined
  }
  if (skip > MAX_SKIPPED_ROWS) throw tooDeep(language, 'skip', binding)
  // The last rows alone are the list read in the opposite order (each key reversed, NULLs too), which
  // any sort allows. A row comparison follows an index only in one direction, and NULLs would fall
  // out of it.
  if (keyset.after === undefined && keyset.before === undefined) return keyset
  const desc = order[0]?.desc ?? false
  const allowed = order.every(
    (key) => key.desc === desc && columnOf(binding.table, key.field)?.notNull === true,
  )
  if (!allowed) assertNoIssues(language, [{ field: 'sort', key: 'resource.keyset_sort' }], binding.definition)
  return keyset
}

/** The order with the id last (as selectRows orders), each key reversed when asked. */
function keysOf(order: SortKey[], reverse: boolean): SortKey[] {
  const keys = order.some((key) => key.field === 'id')
    ? order
    : [...order, { field: 'id', desc: order[0]?.desc ?? false }]
  return keys.map((key) => ({ field: key.field, desc: reverse ? !key.desc : key.desc }))
}

/**
 * Rows beyond the row `id` in this order: `(sort columns, id) < (that row's values)` for a
 * descending order, `>` for an ascending one. The row's values are read by the database itself
 * (scalar subqueries), so timestamps keep their precision and the comparison follows the index.
 */
function beyond(binding: ResourceBinding, keys: SortKey[], id: number): SQL {
  const table = binding.table
  const idColumn = requireColumn(table, 'id')
  const columns = keys.map((key) => requireColumn(table, key.field))
  const values = keys.map((key, n) =>
    key.field === 'id' ? sql`${id}` : sql`(select ${columns[n]} from ${table} where ${idColumn} = ${id})`,
  )
  const op = sql.raw(keys[0]?.desc ? '<' : '>')
  return sql`(${sql.join(columns, sql`, `)}) ${op} (${sql.join(values, sql`, `)})`
}

/**
 * A page by position: the rows after or before a row, or the last rows, read from the index of
 * the sort (beyond `skip` rows: the SPA's pager jumps a few pages that way). `current_page` is the
 * page number the caller gives (`page`); the last page's number follows from the estimate, and so
 * does a page counted back from it (`last=1&skip=`).
 */
async function listByPosition(
  options: ListRecordsOptions,
  keyset: Keyset,
  list: { where: SQL | undefined; matched?: number; order: SortKey[]; page: number; perPage: number },
): Promise<ListPage<Row>> {
  const { db, binding } = options
  const { where, order, perPage } = list
  const backwards = keyset.before !== undefined || (keyset.last === true && keyset.after === undefined)
  const keys = keysOf(order, backwards)
  const cursor = keyset.after ?? keyset.before
  const [rows, estimate] = await Promise.all([
    selectRows(db, binding, {
      where: and(where, cursor === undefined ? undefined : beyond(binding, keys, cursor)),
      order: keys,
      limit: perPage + 1,
      offset: keyset.skip,
    }),
    list.matched === undefined ? estimateRows(db, binding, where) : { value: list.matched, exact: true },
  ])
  const more = rows.length > perPage
  const pageRows = rows.slice(0, perPage)
  if (backwards) pageRows.reverse()
  const estimatedPages = Math.max(1, Math.ceil(estimate.value / perPage))
  const fromEnd = keyset.last === true && keyset.before === undefined && keyset.after === undefined
  const page = fromEnd ? Math.max(1, estimatedPages - Math.floor(keyset.skip / perPage)) : list.page
  // Going forwards, `more` says another page follows; going backwards, the cursor's row itself follows.
  const lastPage = backwards ? (fromEnd ? estimatedPages : page + 1) : more ? page + 1 : page
  return {
    data: await presentRows(db, binding, pageRows, options.language),
    current_page: page,
    per_page: perPage,
    last_page: Math.max(lastPage, page),
    total_estimate: estimate.value,
    total_exact: estimate.exact,
  }
}
