import { and, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { searchesText } from './build-filters'
import { requireColumn } from './columns'
import type { QueryParams } from './parse-list-query'
import type { ResourceBinding } from './types'

/** Up to this many rows matching a text search are found by their ids first (see narrowTextSearch). */
export const TEXT_MATCHES_READ = 1_000

export interface NarrowedSearch {
  where: SQL | undefined
  /** How many rows match, when they were all found (then `where` keeps only them, by id). */
  matched?: number
}

/**
 * A text search (a keyword, or a `like` filter on a text column) is answered by the trigram and
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
): Promise<NarrowedSearch> {
  if (!searchesText(binding, query)) return { where }
  const id = requireColumn(binding.table, 'id')
  const result = (await db.execute(
    sql`select ${id} as id from ${binding.table} where ${where ?? sql`true`} limit ${read + 1}`,
  )) as unknown as { rows: Array<{ id: number | string }> }
  if (result.rows.length > read) return { where }
  const ids = `{${result.rows.map((row) => Number(row.id)).join(',')}}`
  return { where: and(where, sql`${id} = any(${ids}::bigint[])`), matched: result.rows.length }
}
