import { and, getTableName, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { searchesText } from './build-filters'
import { requireColumn } from './columns'
import type { QueryParams, SortKey } from './parse-list-query'
import { orderBy } from './select-rows'
import type { ResourceBinding } from './types'

/** Up to this many rows matching a text search are found by their ids first (see narrowTextSearch). */
export const TEXT_MATCHES_READ = 1_000
/**
 * How many rows of the list's order a first page's text search reads before it asks the text indexes:
 * a word in more than one row of 125 fills a page of 15 from them. At a million products the walk
 * costs a rare word ~6 ms (10,000 rows: ~15 ms) and answers a common one in 6–8 ms instead of 30–66.
 */
export const ORDER_WALK_ROWS = 2_000

export interface NarrowedSearch {
  where: SQL | undefined
  /** How many rows match, when they were all found (then `where` keeps only them, by id). */
  matched?: number
  /** The search's own condition, when `where` keeps only the first page's rows by id (see firstPageInOrder). */
  searched?: SQL
}

/** A first page searched by walking the list's order (see firstPageInOrder). */
export interface OrderWalk {
  order: SortKey[]
  /** The page's rows and one more (to know that another page follows). */
  wanted: number
  /** What bounds the rows walked besides the search (live rows, the caller's scope). */
  bounds: SQL | undefined
  /** How many rows of the order are read at most (ORDER_WALK_ROWS). */
  rows: number
}

/**
 * A common word's first page, found by walking the list's own order: the first `walk.rows` rows of
 * the order (the sort's index, stopped there), tested against the search. When `walk.wanted` of them
 * match, they are the first page: any other match lies further in the order. A word that common is
 * what the text indexes answer worst — a GIN index hands over every match before the first can be
 * sorted (one Chinese character in a million products: 0.7–0.8 s) — and what a walk answers best (a
 * match in every few rows). A rarer word walks the rows and finds too few (a few milliseconds), and
 * goes to the text indexes, which answer it quickly. The walked rows are a subquery named as the
 * table, so the search's conditions read its columns.
 */
async function firstPageInOrder(
  db: Db | Tx,
  binding: ResourceBinding,
  where: SQL | undefined,
  walk: OrderWalk,
): Promise<number[] | undefined> {
  const table = binding.table
  const name = getTableName(table)
  const id = requireColumn(table, 'id')
  const order = orderBy(walk.order, name)
  const result = (await db.execute(
    sql`select ${id} as id from (select * from ${table} where ${walk.bounds ?? sql`true`} order by ${order} limit ${walk.rows}) as ${sql.identifier(name)}
      where ${where ?? sql`true`} order by ${order} limit ${walk.wanted}`,
  )) as unknown as { rows: Array<{ id: number | string }> }
  return result.rows.length < walk.wanted ? undefined : result.rows.map((row) => Number(row.id))
}

/**
 * A text search (a keyword, or a `like` filter on a text column) on a first page walks the list's
 * order first (`walk`, see firstPageInOrder); when that finds too few, it is answered by the trigram and
 * bigram indexes, but the planner can only guess how many rows match: for rare words it may walk
 * the sort's index instead, testing every row of the table (1.5 s at a million). So a list that
 * searches text first reads the ids of up to TEXT_MATCHES_READ matching rows, in no order, which
 * only the text indexes answer quickly. When that is all of them, the page is read among those ids
 * (through the primary key) and their number is the exact total; when more match, the words are
 * common enough for the sort's index to find a page soon. (The ids of common words cost their
 * reading: a two-character word in one product of eight takes 19 ms for a thousand, 45 ms for ten
 * thousand, at a million rows.)
 */
export async function narrowTextSearch(
  db: Db | Tx,
  binding: ResourceBinding,
  query: QueryParams,
  where: SQL | undefined,
  read = TEXT_MATCHES_READ,
  walk?: OrderWalk,
): Promise<NarrowedSearch> {
  if (!searchesText(binding, query)) return { where }
  const id = requireColumn(binding.table, 'id')
  /** `where`, kept to these rows (through the primary key). */
  const onlyIds = (ids: number[]) => and(where, sql`${id} = any(${`{${ids.join(',')}}`}::bigint[])`)
  const page = walk ? await firstPageInOrder(db, binding, where, walk) : undefined
  if (page) return { where: onlyIds(page), searched: where }
  const result = (await db.execute(
    sql`select ${id} as id from ${binding.table} where ${where ?? sql`true`} limit ${read + 1}`,
  )) as unknown as { rows: Array<{ id: number | string }> }
  if (result.rows.length > read) return { where }
  return { where: onlyIds(result.rows.map((row) => Number(row.id))), matched: result.rows.length }
}
