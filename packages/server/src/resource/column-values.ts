import { isTimestampColumn, requireColumn } from './columns'
import type { ResourceBinding, Row } from './types'

/** Values as the columns take them: date-times as Date, links set aside. */
export function toColumnValues(binding: ResourceBinding, values: Row): { columns: Row; links: Row } {
  const columns: Row = {}
  const links: Row = {}
  for (const [field, value] of Object.entries(values)) {
    if (binding.links?.[field]) links[field] = value
    else if (isTimestampColumn(requireColumn(binding.table, field)) && typeof value === 'string') {
      columns[field] = new Date(value)
    } else columns[field] = value
  }
  return { columns, links }
}
