import { MAX_INTEGER, MIN_INTEGER } from '@brokerdesk/shared'
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

/** The values an integer column holds, by its PostgreSQL type: beyond them a query fails. */
export function integerRangeOf(column: PgColumn): { min: number; max: number } {
  switch (column.columnType) {
    case 'PgSmallInt':
      return { min: -32_768, max: 32_767 }
    case 'PgBigInt53':
      return { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }
    default:
      return { min: MIN_INTEGER, max: MAX_INTEGER }
  }
}

/** Whether a number can be the id of a record: a positive PostgreSQL integer. */
export const isRecordId = (id: number) => Number.isInteger(id) && id > 0 && id <= MAX_INTEGER

const ID_TEXT = /^\d{1,10}$/

/** A record id given as a number or as digits; undefined for anything else (1.5, true, [1], 2147483648). */
export function readRecordId(value: unknown): number | undefined {
  const id =
    typeof value === 'number' ? value : typeof value === 'string' && ID_TEXT.test(value) ? Number(value) : NaN
  return isRecordId(id) ? id : undefined
}

/** Whether a column holds text (a list searches it with ILIKE '%…%'). */
export const isTextColumn = (column: PgColumn) => column.dataType === 'string'
