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
 * The rows a search found, by id, with their `partitionKey` (as ISO text in UTC, which sorts as the
 * times do) when the table is partitioned by it.
 */
interface FoundRow {
  id: number
  key?: string
}

/** The columns a statement that finds rows reads of them: the id and, when partitioned, the key. */
function foundColumns(binding: ResourceBinding): SQL {
  const id = requireColumn(binding.table, 'id')
  if (!binding.partitionKey) return sql`${id} as id`
  const key = requireColumn(binding.table, binding.partitionKey)
  return sql`${id} as id, to_char(${key} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key`
}

async function readFound(db: Db | Tx, statement: SQL): Promise<FoundRow[]> {
  const result = (await db.execute(statement)) as unknown as {
    rows: Array<{ id: number | string; key?: string | null }>
  }
  return result.rows.map((row) => ({ id: Number(row.id), key: row.key ?? undefined }))
}

/**
 * `where`, kept to these rows through the primary key; in a partitioned table also to the span of
 * their keys, which PostgreSQL prunes the partitions by when it plans: the log's 18 months planned
 * for 16 ids cost ~10 ms at 10M entries, the one or two that hold them under 1.
 */
function onlyRows(
  binding: ResourceBinding,
  where: SQL | undefined,
  rows: readonly FoundRow[],
): SQL | undefined {
  const id = requireColumn(binding.table, 'id')
  const ids = sql`${id} = any(${`{${rows.map((row) => row.id).join(',')}}`}::bigint[])`
  const keys = rows.map((row) => row.key).filter((key) => key !== undefined)
  if (!binding.partitionKey || keys.length === 0 || keys.length < rows.length) return and(where, ids)
  const column = requireColumn(binding.table, binding.partitionKey)
  const sorted = [...keys].sort()
  return and(where, ids, sql`${column} >= ${sorted[0]} and ${column} <= ${sorted[sorted.length - 1]}`)
}

/**
 * The newest rows of a list read newest first (`recentFirst`): those whose first sort key is at least
 * `since` and — in a partitioned table — whose key is at least `from`, which every one of them is: the
 * statements that read them are then planned for the newest partitions only.
 */
interface RecentWindow {
  since: string
  from?: string
  /** The newest key any of its rows can hold while the window is kept (the months made ahead are empty). */
  until?: string
  /** Whether it holds every row of the list (a list younger than its span). */
  whole: boolean
}

/**
 * How long a list's recent window is kept before it is read again. Its bound only falls behind the
 * newest rows in that time, so a kept window holds a few more rows, never too few; reading it costs
 * a statement planned over every partition and a probe of each (25–85 ms at 10M log entries on a
 * busy machine), once a minute in each process.
 */
const RECENT_WINDOW_KEPT_MS = 60_000
const recentWindows = new Map<string, { window: RecentWindow | undefined; until: number }>()

/**
 * The recent window of a first page in this order, when the list has one for its first sort key
 * (descending). `from` is where the oldest partition holding a row of the window begins
 * (`first_partition_holding`, migration 0029: a probe of each partition's key, ~2 ms a partition at
 * 10M entries, where `min(created_at)` of the window walked the time index of every older month,
 * 285 ms). A row added while the window is kept has its transaction's time (`now()`), later than
 * that; `until` is a day after the window was read, which none reaches while it is kept.
 */
async function recentWindowOf(
  db: Db | Tx,
  binding: ResourceBinding,
  order: readonly SortKey[],
): Promise<RecentWindow | undefined> {
  const first = order[0]
  const span = first?.desc ? binding.recentFirst?.[first.field] : undefined
  if (!first || span === undefined) return undefined
  const table = binding.table
  const name = `${getTableName(table)}\u0000${first.field}\u0000${span}`
  const now = Date.now()
  const kept = recentWindows.get(name)
  if (kept && kept.until > now) return kept.window
  const column = requireColumn(table, first.field)
  const back = typeof span === 'number' ? sql`${span}::bigint` : sql`${span}::interval`
  const key = binding.partitionKey ? requireColumn(table, binding.partitionKey) : undefined
  const from = !key
    ? sql`null`
    : binding.partitionKey === first.field
      ? sql`bound.since`
      : sql`first_partition_holding(${getTableName(table)}::regclass, ${first.field}, bound.since::bigint)`
  const result = (await db.execute(
    sql`with bound as (select max(${column}) - ${back} as since from ${table})
      select bound.since::text as since, (${from})::text as from, (now() + interval '1 day')::text as until,
        (select min(${column}) from ${table}) >= bound.since as whole
      from bound`,
  )) as unknown as {
    rows: Array<{ since: string | null; from: string | null; until: string; whole: boolean | null }>
  }
  const row = result.rows[0]
  const whole = row?.whole === true
  const window =
    row?.since && row.from
      ? { since: row.since, from: row.from, until: row.until, whole }
      : row?.since
        ? { since: row.since, whole }
        : undefined
  recentWindows.set(name, { window, until: now + RECENT_WINDOW_KEPT_MS })
  return window
}

/** The conditions that keep a statement to a recent window's rows. */
function withinWindow(binding: ResourceBinding, field: string, window: RecentWindow): SQL {
  const column = requireColumn(binding.table, field)
  if (!binding.partitionKey || window.from === undefined) return sql`${column} >= ${window.since}`
  const key = requireColumn(binding.table, binding.partitionKey)
  return sql`${column} >= ${window.since} and ${key} >= ${window.from} and ${key} <= ${window.until}`
}

/**
 * A common word's first page, found by walking the list's own order: the first `walk.rows` rows of
 * the order (the sort's index, stopped there), tested against the search. When `walk.wanted` of them
 * match, they are the first page: any other match lies further in the order. A word that common is
 * what the text indexes answer worst — a GIN index hands over every match before the first can be
 * sorted (one Chinese character in a million products: 0.7–0.8 s) — and what a walk answers best (a
 * match in every few rows). A rarer word walks the rows and finds too few (a few milliseconds), and
 * goes to the text indexes, which answer it quickly. The walked rows are a subquery named as the
 * table, so the search's conditions read its columns. In a recent window (a list read newest first)
 * the walk stays within it: its rows come first in the order, and only its partitions are planned.
 */
async function firstPageInOrder(
  db: Db | Tx,
  binding: ResourceBinding,
  where: SQL | undefined,
  walk: OrderWalk,
  window: RecentWindow | undefined,
): Promise<FoundRow[] | undefined> {
  const table = binding.table
  const name = getTableName(table)
  const order = orderBy(walk.order, name)
  const first = walk.order[0]
  const bounds = window && first ? and(walk.bounds, withinWindow(binding, first.field, window)) : walk.bounds
  const rows = await readFound(
    db,
    sql`select ${foundColumns(binding)} from (select * from ${table} where ${bounds ?? sql`true`} order by ${order} limit ${walk.rows}) as ${sql.identifier(name)}
      where ${where ?? sql`true`} order by ${order} limit ${walk.wanted}`,
  )
  return rows.length < walk.wanted ? undefined : rows
}

/** At most this many matches of the recent rows are read for a first page (see recentPage). */
export const RECENT_MATCHES_READ = 5_000

/**
 * A first page of a list read newest first (`recentFirst`: the operation log) whose search matches
 * too few rows to fill the page from the order walk: its page looked for among the rows of its recent
 * window (the last 200,000 ids of the log) before the ids of every match are read. Those
 * rows come before all others in the order, so when `walk.wanted` of them match, they hold the page.
 * The planner, left to find such a page itself, walked the sort's index backwards in every month's
 * partition at once, testing each row (an address fragment in 3,300 of 10M log entries: 120–450 ms);
 * bounded, the older partitions are not planned at all and the newest answers through its text
 * indexes (4 ms). The matches are gathered before they are sorted (materialized), so the planner
 * cannot walk the sort's index instead; past RECENT_MATCHES_READ of them the list's own plan reads
 * the page.
 */
async function recentPage(
  db: Db | Tx,
  binding: ResourceBinding,
  where: SQL | undefined,
  walk: OrderWalk,
  window: RecentWindow,
): Promise<FoundRow[] | undefined> {
  const first = walk.order[0]
  if (!first) return undefined
  const table = binding.table
  const name = getTableName(table)
  const id = requireColumn(table, 'id')
  const fields = new Set([...walk.order.map((key) => key.field), binding.partitionKey ?? 'id'])
  const columns = [
    id,
    ...[...fields].filter((field) => field !== 'id').map((field) => requireColumn(table, field)),
  ]
  const result = (await db.execute(
    sql`with matches as materialized (
        select ${sql.join(columns, sql`, `)} from ${table}
        where ${where ?? sql`true`} and ${withinWindow(binding, first.field, window)} limit ${RECENT_MATCHES_READ + 1})
      select ${foundColumns(binding)}, (select count(*) from matches) as found
      from matches as ${sql.identifier(name)} order by ${orderBy(walk.order, name)} limit ${walk.wanted}`,
  )) as unknown as { rows: Array<{ id: number | string; key?: string | null; found: number | string }> }
  const found = Number(result.rows[0]?.found ?? 0)
  if (result.rows.length < walk.wanted || found > RECENT_MATCHES_READ) return undefined
  return result.rows.map((row) => ({ id: Number(row.id), key: row.key ?? undefined }))
}

/**
 * A text search (a keyword, or a `like` filter on a text column) on a first page walks the list's
 * order first (`walk`, see firstPageInOrder), then, in a list read newest first, its newest rows
 * (see recentPage); when those find too few, it is answered by the trigram and
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
  const window = walk ? await recentWindowOf(db, binding, walk.order) : undefined
  const page = walk ? await firstPageInOrder(db, binding, where, walk, window) : undefined
  if (page) return { where: onlyRows(binding, where, page), searched: where }
  // A list read newest first looks among its newest rows before it reads the ids of every match: a
  // word with a page there is answered from them, however many rows the whole list holds (`36.12`
  // in 3,300 of 10M log entries: the thousand ids read first cost 22 ms, the newest rows' page 4).
  // Not when they are all its rows: the ids read give the exact count too, which the page would
  // otherwise be followed by (10k entries, `36.1`: 48 ms against 25).
  const recentFirst = walk && window && !window.whole
  const recent = recentFirst ? await recentPage(db, binding, where, walk, window) : undefined
  if (recent) return { where: onlyRows(binding, where, recent), searched: where }
  const found = await readFound(
    db,
    sql`select ${foundColumns(binding)} from ${binding.table} where ${where ?? sql`true`} limit ${read + 1}`,
  )
  if (found.length > read) {
    const later =
      walk && window && !recentFirst ? await recentPage(db, binding, where, walk, window) : undefined
    return later ? { where: onlyRows(binding, where, later), searched: where } : { where }
  }
  return { where: onlyRows(binding, where, walk ? firstRowsOf(found, walk) : found), matched: found.length }
}

/**
 * The rows a first page needs of every match's: in a list ordered by id alone, the first `walk.wanted`
 * in that order; in any other order all of them. A partitioned table (the log by month) looked every
 * id up in each partition's key: 600 ids in 18 partitions read 26,000 index pages (130–190 ms at 10M
 * entries, against 16 ids' few).
 */
function firstRowsOf(rows: FoundRow[], walk: OrderWalk): FoundRow[] {
  if (!walk.order.every((key) => key.field === 'id')) return rows
  const desc = walk.order[0]?.desc ?? false
  return [...rows].sort((a, b) => (desc ? b.id - a.id : a.id - b.id)).slice(0, walk.wanted)
}
