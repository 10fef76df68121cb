import type { Language, ListPage } from '@brokerdesk/shared'
import { and, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { buildFilters } from './build-filters'
import type { FieldIssue } from './field-errors'
import {
  assertNoIssues,
  defaultSort,
  firstValue,
  parsePaging,
  parseSort,
  type QueryParams,
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
}

/**
 * A list page: filters from the query parameters named after the fields, a whitelisted sort,
 * `page` / `per_page`. The total is counted only when asked (`get_count=1`) or when no page is
 * given; otherwise one row more than the page is read to know whether another page follows, and
 * `total_estimate` says at once about how many rows match (`total_exact`: exactly that many).
 * `tree=1` on a hierarchy answers every matching node, nested (for a tree select).
 */
export async function listRecords(options: ListRecordsOptions): Promise<ListPage<Row>> {
  const { db, binding, query, language } = options
  const definition = binding.definition
  const issues: FieldIssue[] = []
  const paging = parsePaging(query, issues)
  const sort = parseSort(definition, query, issues)
  const where = and(buildFilters(binding, query, issues), options.scope)
  assertNoIssues(language, issues, definition)

  if (definition.tree && firstValue(query.tree) === '1') return listTree(db, binding, where)

  const { page, perPage } = paging
  const order = sort.length > 0 ? sort : defaultSort(definition)
  const [total, rows, estimate] = await Promise.all([
    paging.countTotal ? countRows(db, binding, where) : undefined,
    selectRows(db, binding, {
      where,
      order,
      limit: paging.countTotal ? perPage : perPage + 1,
      offset: (page - 1) * perPage,
    }),
    paging.countTotal ? undefined : estimateRows(db, binding, where),
  ])
  const hasMore = rows.length > perPage
  const data = await presentRows(db, binding, rows.slice(0, perPage))
  const lastPage = total === undefined ? (hasMore ? page + 1 : page) : Math.max(1, Math.ceil(total / perPage))
  // A page that is the last one (and not past the end) tells the exact number itself.
  const known = !hasMore && (rows.length > 0 || page === 1) ? (page - 1) * perPage + rows.length : undefined
  return {
    data,
    current_page: page,
    per_page: perPage,
    last_page: lastPage,
    ...(total === undefined ? {} : { total }),
    ...(estimate === undefined
      ? {}
      : known !== undefined
        ? { total_estimate: known, total_exact: true }
        : { total_estimate: Math.max(estimate.value, page * perPage + 1), total_exact: estimate.exact }),
  }
}
