import { getTableColumns, getTableName } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { ResourceTable } from './types'

/** The columns of a table by property name (which, in our schema, is the column name). */
export function columnsOf(table: ResourceTable): Record<string, PgColumn> {
  return getTableColumns(table) as Record<string, PgColumn>
}

/** The column of a field, or undefined when the field is not a column (computed, link). */
export function columnOf(table: ResourceTable, field: string): PgColumn | undefined {
  return columnsOf(table)[field]
}

export function requireColumn(table: ResourceTable, field: string): PgColumn {
  const column = columnOf(table, field)
  if (!column) throw new Error(`${getTableName(table)} has no column ${field}`)
  return column
}

export const isTimestampColumn = (column: PgColumn | undefined) => column?.columnType === 'PgTimestamp'
