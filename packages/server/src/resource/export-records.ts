import type { ExportPage, ExportTablePage, Language } from '@brokerdesk/shared'
import { and, gt, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { buildFilters } from './build-filters'
import { integerRangeOf, requireColumn } from './columns'
import type { FieldIssue } from './field-errors'
import { narrowTextSearch } from './narrow-text-search'
import { assertNoIssues, firstValue, parsePaging, parseSort, type QueryParams } from './parse-list-query'
import { presentExportRows, presentExportTable } from './present-rows'
import { estimateRows, selectRows } from './select-rows'
import type { ResourceBinding, Row } from './types'

export interface ExportRecordsOptions {
  db: Db
  binding: ResourceBinding
  query: QueryParams
  language: Language
  /** A condition every row must meet besides the filters (the binding's scope for this caller). */
  scope?: SQL
}

/**
 * One export page (SPEC §7): `{current_page, last_page, max_id, data}`. Unsorted, pages follow the
 * id (`id > max_id order by id`), so a million rows export without OFFSET; with a `sort`, pages
 * are read by `page`. An export never counts (a count costs as much as reading the rows): the
 * first page's `last_page` is the planner's estimate, at least 2 when another page follows; after
 * that it says whether another page follows (`last_page > current_page`). The last page answers
 * `last_page = current_page`.
 * With `layout=arrays` each row is an array of the export fields' values, named once in `columns`
 * (the SPA's exports ask so: half the JSON to make, compress and read; a page's brotli takes a
 * quarter of the time).
 */
export async function exportRecords(
  options: ExportRecordsOptions,
): Promise<ExportPage<Row> | ExportTablePage> {
  const { db, binding, query, language } = options
  const issues: FieldIssue[] = []
  const paging = parsePaging(query, issues, { export: true })
  const sort = parseSort(binding.definition, query, issues)
  const filters = and(buildFilters(binding, query, issues, language), options.scope)
  const idColumn = requireColumn(binding.table, 'id')
  const rawMaxId = firstValue(query.max_id) ?? ''
  if (rawMaxId !== '' && !(/^\d{1,16}$/.test(rawMaxId) && Number(rawMaxId) <= integerRangeOf(idColumn).max))
    issues.push({ field: 'max_id', key: 'validations.messages.integer' })
  const layout = firstValue(query.layout) || 'objects'
  if (layout !== 'objects' && layout !== 'arrays')
    issues.push({ field: 'layout', key: 'validations.messages.in' })
  assertNoIssues(language, issues, binding.definition)

  const { page, perPage } = paging
  const maxId = Number(rawMaxId || 0)
  const keyset = sort.length === 0
  const search = await narrowTextSearch(db, binding, query, filters)
  const where = keyset && maxId > 0 ? and(search.where, gt(idColumn, maxId)) : search.where
  // Nothing is counted: the first page's last_page comes from the planner's estimate (an exact,
  // bounded count below 10,000 rows), only to show progress; whether another page follows is
  // told by the page itself (one row more is read).
  const [estimate, rows] = await Promise.all([
    page !== 1
      ? undefined
      : search.matched === undefined
        ? estimateRows(db, binding, where)
        : { value: search.matched },
    selectRows(db, binding, {
      where,
      order: keyset ? [{ field: 'id', desc: false }] : sort,
      limit: perPage + 1,
      offset: keyset ? 0 : (page - 1) * perPage,
      purpose: 'export',
    }),
  ])
  const pageRows = rows.slice(0, perPage)
  const hasMore = rows.length > perPage
  const estimatedPages = estimate ? Math.ceil(estimate.value / perPage) : 0
  const lastPage = hasMore ? Math.max(page + 1, estimatedPages) : page
  const last = pageRows[pageRows.length - 1]
  const place = { current_page: page, last_page: lastPage, max_id: last ? Number(last.id) : maxId }
  if (layout === 'arrays')
    return {
      ...place,
      columns: binding.definition.exportFields,
      data: await presentExportTable(db, binding, pageRows, language),
    }
  return { ...place, data: await presentExportRows(db, binding, pageRows, language) }
}
