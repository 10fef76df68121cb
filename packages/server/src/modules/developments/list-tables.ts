import type { Language, TableInfo } from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { seededComment } from '../../i18n/seeded-texts'

interface ColumnRow {
  table_name: string
  table_comment: string | null
  column_name: string
  data_type: string
  nullable: boolean
  column_default: string | null
  column_comment: string | null
}

/**
 * The tables of the application's schema with their columns (name, type as PostgreSQL writes it,
 * nullability, default, comment), read from pg_catalog, ordered by table name and column position.
 * The migrations' comments are answered in the reader's language. `keyword` keeps the tables whose
 * name, comment (as the reader reads it) or a column's name contains it.
 */
export async function listTables(db: Db, keyword = '', language: Language = 'en'): Promise<TableInfo[]> {
  const result = (await db.execute(sql`
    select c.relname as table_name,
      obj_description(c.oid, 'pg_class') as table_comment,
      a.attname as column_name,
      format_type(a.atttypid, a.atttypmod) as data_type,
      not a.attnotnull as nullable,
      pg_get_expr(d.adbin, d.adrelid) as column_default,
      col_description(c.oid, a.attnum) as column_comment
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
    where n.nspname = current_schema() and c.relkind in ('r', 'p')
    order by c.relname, a.attnum`)) as unknown as { rows: ColumnRow[] }
  const tables = new Map<string, TableInfo>()
  for (const row of result.rows) {
    let table = tables.get(row.table_name)
    if (!table) {
      const comment = seededComment(language, row.table_name, row.table_comment ?? '')
      table = { name: row.table_name, comment, columns: [] }
      tables.set(row.table_name, table)
    }
    table.columns.push({
      name: row.column_name,
      type: row.data_type,
      nullable: row.nullable,
      default: row.column_default,
      comment: seededComment(language, `${row.table_name}.${row.column_name}`, row.column_comment ?? ''),
    })
  }
  const wanted = keyword.trim().toLowerCase()
  const all = [...tables.values()]
  if (!wanted) return all
  return all.filter(
    (table) =>
      table.name.includes(wanted) ||
      table.comment.toLowerCase().includes(wanted) ||
      table.columns.some((column) => column.name.includes(wanted)),
  )
}
