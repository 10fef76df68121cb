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

/** At most this many matches of the recent rows are read for a first page (see recentPage). */
export const RECENT_MATCHES_READ = 5_000

/**
 * A first page of a list read newest first (`recentFirst`: the operation log) whose search matches
 * more rows than the ids read (TEXT_MATCHES_READ) and too few to fill the page from the order walk:
 * its page looked for among the rows whose first sort key lies within the span of its last values
 * (the last 200,000 ids of the log). Those rows come before all others in the order, so when
 * `walk.wanted` of them match, they hold the page. The planner, left to find such a page itself,
 * walked the sort's index backwards in every month's partition at once, testing each row (an address
 * fragment in 3,300 of 10M log entries: 120–450 ms); bounded, the older partitions answer from their
 * key index at once and the newest through its text indexes (4 ms). The bound is a value, planned
 * with; the matches are gathered before they are sorted (materialized), so the planner cannot walk
 * the sort's index instead; past RECENT_MATCHES_READ of them the list's own plan reads the page.
 */
async function recentPage(
  db: Db | Tx,
  binding: ResourceBinding,
  where: SQL | undefined,
  walk: OrderWalk,
): Promise<number[] | undefined> {
  const first = walk.order[0]
  const span = first?.desc ? binding.recentFirst?.[first.field] : undefined
  if (!first || span === undefined) return undefined
  const table = binding.table
  const name = getTableName(table)
  const column = requireColumn(table, first.field)
  const id = requireColumn(table, 'id')
  const back = typeof span === 'number' ? sql`${span}::bigint` : sql`${span}::interval`
  const bound = (await db.execute(
    sql`select (max(${column}) - ${back})::text as since from ${table}`,
  )) as unknown as { rows: Array<{ since: string | null }> }
  const since = bound.rows[0]?.since
  if (!since) return undefined
  const keys = walk.order.filter((key) => key.field !== 'id').map((key) => requireColumn(table, key.field))
  const result = (await db.execute(
    sql`with matches as materialized (
        select ${sql.join([id, ...keys], sql`, `)} from ${table}
        where ${where ?? sql`true`} and ${column} >= ${since} limit ${RECENT_MATCHES_READ + 1})
      select ${sql.identifier(name)}.id, (select count(*) from matches) as found
      from matches as ${sql.identifier(name)} order by ${orderBy(walk.order, name)} limit ${walk.wanted}`,
  )) as unknown as { rows: Array<{ id: number | string; found: number | string }> }
  const found = Number(result.rows[0]?.found ?? 0)
  if (result.rows.length < walk.wanted || found > RECENT_MATCHES_READ) return undefined
  return result.rows.map((row) => Number(row.id))
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
  if (result.rows.length > read) {
    const recent = walk ? await recentPage(db, binding, where, walk) : undefined
    return recent ? { where: onlyIds(recent), searched: where } : { where }
  }
  const ids = result.rows.map((row) => Number(row.id))
  return { where: onlyIds(walk ? firstIdsOf(ids, walk) : ids), matched: ids.length }
}

/**
 * The ids a first page needs of every match's: in a list ordered by id alone, the first `walk.wanted`
 * in that order; in any other order all of them. A partitioned table (the log by month) looked every
 * id up in each partition's key: 600 ids in 18 partitions read 26,000 index pages (130–190 ms at 10M
 * entries, against 16 ids' few).
 */
function firstIdsOf(ids: number[], walk: OrderWalk): number[] {
  if (!walk.order.every((key) => key.field === 'id')) return ids
  const desc = walk.order[0]?.desc ?? false
  return [...ids].sort((a, b) => (desc ? b - a : a - b)).slice(0, walk.wanted)
}
