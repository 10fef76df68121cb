import { UPLOAD_USES_SHOWN, type UploadUse } from '@brokerdesk/shared'
import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/client'
import { configs, firms, messages, products, users } from '../../db/schema/index'

/**
 * A field of records that may hold a stored file: its url as the whole value (a picture or document
 * field), or inside a text (rich text, markdown). Whole values are looked up in an index
 * (products_poster_idx, products_pdf_url_idx, users_avatar_idx; the companies are few); texts are
 * searched, which the few companies, messages and settings allow.
 */
interface UseSource {
  resource: string
  field: string
  table: PgTable
  column: PgColumn
  /** What names a record in the list of uses. */
  name: SQL
  holds: 'value' | 'text'
}

const SOURCES: readonly UseSource[] = [
  {
    resource: 'products',
    field: 'poster',
    table: products,
    column: products.poster,
    name: sql`${products.name}`,
    holds: 'value',
  },
  {
    resource: 'products',
    field: 'pdf_url',
    table: products,
    column: products.pdf_url,
    name: sql`${products.name}`,
    holds: 'value',
  },
  {
    resource: 'firms',
    field: 'logo',
    table: firms,
    column: firms.logo,
    name: sql`${firms.name}`,
    holds: 'value',
  },
  {
    resource: 'firms',
    field: 'insure_notify',
    table: firms,
    column: firms.insure_notify,
    name: sql`${firms.name}`,
    holds: 'text',
  },
  {
    resource: 'users',
    field: 'avatar',
    table: users,
    column: users.avatar,
    name: sql`coalesce(nullif(${users.name}, ''), ${users.uname})`,
    holds: 'value',
  },
  {
    resource: 'messages',
    field: 'content',
    table: messages,
    column: messages.content,
    name: sql`${messages.title}`,
    holds: 'text',
  },
  {
    resource: 'configs',
    field: 'value',
    table: configs,
    column: configs.value,
    name: sql`${configs.name}`,
    holds: 'text',
  },
]

/**
 * The live records using each of these files (by url), in one statement: per file and field at most
 * UPLOAD_USES_SHOWN + 1 records (whether there are more is all a list needs), so a page of files
 * costs a few index lookups whatever the size of the tables. `uses`: the first UPLOAD_USES_SHOWN,
 * `used`: how many were found (UPLOAD_USES_SHOWN + 1 meaning "more").
 */
export async function findUploadUses(
  db: Db | Tx,
  urls: readonly string[],
): Promise<Map<string, { uses: UploadUse[]; used: number }>> {
  const found = new Map<string, { uses: UploadUse[]; used: number }>()
  for (const url of urls) found.set(url, { uses: [], used: 0 })
  if (urls.length === 0) return found
  const wanted = sql`unnest(array[${sql.join(
    urls.map((url) => sql`${url}`),
    sql`, `,
  )}]::text[]) as wanted(url)`
  const limit = UPLOAD_USES_SHOWN + 1
  const parts = SOURCES.map((source, index) => {
    const match =
      source.holds === 'value'
        ? sql`${source.column} = wanted.url and ${source.column} <> ''`
        : sql`strpos(${source.column}, wanted.url) > 0`
    return sql`select wanted.url, ${sql.raw(String(index))} as source, used.id, used.name
      from ${wanted} cross join lateral (
        select id, ${source.name} as name from ${source.table}
        where ${match} and deleted_at is null order by id limit ${limit}
      ) as used`
  })
  const result = (await db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: { url: string; source: number; id: number; name: string | null }[]
  }
  for (const row of result.rows) {
    const entry = found.get(row.url)
    if (!entry) continue
    const source = SOURCES[Number(row.source)]
    entry.used += 1
    entry.uses.push({
      resource: source.resource,
      id: Number(row.id),
      field: source.field,
      name: row.name ?? '',
    })
  }
  for (const entry of found.values()) {
    entry.uses.sort((a, b) => a.resource.localeCompare(b.resource) || a.id - b.id)
    entry.uses = entry.uses.slice(0, UPLOAD_USES_SHOWN)
    entry.used = Math.min(entry.used, UPLOAD_USES_SHOWN + 1)
  }
  return found
}
