import { getTableName, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { SERVED_RESOURCES } from '../modules/resource-modules'
import { openTestDatabase } from '../testing/test-database'
import { columnOf, isTextColumn } from './columns'
import { defaultSort } from './parse-list-query'
import type { ResourceBinding } from './types'

/** The binding of every resource of the registry that has a table of its own. */
const bindings = Object.values(SERVED_RESOURCES).flatMap(({ binding }): ResourceBinding[] => {
  if (binding === null) return []
  return [typeof binding === 'function' ? binding({ uploadDir: '', s3: undefined }) : binding]
})
const bound = (name: keyof typeof SERVED_RESOURCES) =>
  bindings.find((binding) => binding.definition.name === name) as ResourceBinding

let database: Database
/** The first key column of every index, by table. */
const leading = new Map<string, Set<string>>()

beforeAll(async () => {
  database = await openTestDatabase()
  const result = (await database.db.execute(sql`
    select t.relname as table_name, a.attname as column_name
      from pg_index i
      join pg_class t on t.oid = i.indrelid
      join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]`)) as unknown as {
    rows: Array<{ table_name: string; column_name: string }>
  }
  for (const row of result.rows) {
    const columns = leading.get(row.table_name) ?? new Set<string>()
    columns.add(row.column_name)
    leading.set(row.table_name, columns)
  }
})
afterAll(async () => {
  await database?.close()
})

describe('every list sort reads an index (issue 13: a million rows)', () => {
  for (const binding of bindings) {
    const table = getTableName(binding.table)
    it(`${table}: each sortable column and the default sort lead an index`, () => {
      const fields = new Set([
        ...binding.definition.sorts,
        ...defaultSort(binding.definition).map((key) => key.field),
      ])
      const missing = [...fields].filter((field) => {
        const column = columnOf(binding.table, field)
        // A sort over something that is not a column of the table is refused by the engine.
        return column !== undefined && !leading.get(table)?.has(column.name)
      })
      expect(missing, `${table} sorts by columns no index starts with`).toEqual([])
    })
  }
})

/** The tables that grow without bound (visitors and every operation add rows): their text searches read indexes. */
const growing = (['products', 'logs', 'users', 'contact-messages'] as const).map(bound)

describe('text search indexes (issue 13: a million rows)', () => {
  let gin: Array<{ table_name: string; definition: string; options: string }>
  /** The statistics of text_bigrams(column) and text_chars(column), by name: how common a short word is. */
  let pieceStatistics: Set<string>
  beforeAll(async () => {
    const result = (await database.db.execute(sql`
      select t.relname as table_name, pg_get_indexdef(c.oid) as definition,
             coalesce(array_to_string(c.reloptions, ','), '') as options
        from pg_index i
        join pg_class c on c.oid = i.indexrelid
        join pg_class t on t.oid = i.indrelid
        join pg_am am on am.oid = c.relam and am.amname = 'gin'`)) as unknown as { rows: typeof gin }
    gin = result.rows
    const statistics = (await database.db.execute(
      sql`select stxname as name from pg_statistic_ext`,
    )) as unknown as { rows: Array<{ name: string }> }
    pieceStatistics = new Set(statistics.rows.map((row) => row.name))
  })

  for (const binding of growing) {
    const table = getTableName(binding.table)
    it(`${table}: each text column the keyword box and the like filters search has a trigram, a bigram and a character index`, () => {
      const searched = binding.definition.filters.flatMap((filter) =>
        filter.kind === 'keyword' || filter.kind === 'like' ? filter.fields : [],
      )
      const indexed = gin.filter((row) => row.table_name === table).map((row) => row.definition)
      const missing = [...new Set(searched)].flatMap((field) => {
        const column = columnOf(binding.table, field)
        if (column === undefined || !isTextColumn(column)) return []
        const trigrams = indexed.some((definition) => definition.includes(`(${column.name} gin_trgm_ops)`))
        const short = binding.bigramColumns?.includes(field) === true
        const pieces = (fn: string) =>
          short && indexed.some((definition) => new RegExp(`${fn}\\(\\(?${column.name}\\b`).test(definition))
        const counted = (kind: string) => pieceStatistics.has(`${table}_${column.name}_${kind}_stat`)
        return [
          ...(trigrams ? [] : [`${field} (trigrams)`]),
          ...(pieces('text_bigrams') ? [] : [`${field} (bigrams)`]),
          ...(pieces('text_chars') ? [] : [`${field} (characters)`]),
          ...(counted('bigrams') ? [] : [`${field} (statistics of its bigrams)`]),
          ...(counted('chars') ? [] : [`${field} (statistics of its characters)`]),
        ]
      })
      expect(missing, `${table} searches text no index reads`).toEqual([])
    })
  }

  it('hold an index of address_words(column) for each column a binding searches as addresses', () => {
    const missing = bindings.flatMap((binding) => {
      const table = getTableName(binding.table)
      return (binding.addressColumns ?? []).filter(
        (field) =>
          !gin.some(
            (row) =>
              row.table_name === table &&
              new RegExp(`address_words\\(\\(?${field}\\b.*gin_trgm_ops`).test(row.definition),
          ),
      )
    })
    expect(missing, 'address columns without the index of their fragments').toEqual([])
    expect(bound('logs').addressColumns).toEqual(['ip'])
  })

  it('keep their pending list small, so new rows do not tip a search to a scan of the whole table', () => {
    const tables = growing.map((binding) => getTableName(binding.table))
    const rows = gin.filter((row) => tables.includes(row.table_name))
    expect(rows.filter((row) => row.table_name === 'products').length).toBe(12)
    for (const row of rows) expect(row.options, row.definition).toContain('gin_pending_list_limit=64')
  })
})
