import type { ResourceDefinition } from '@brokerdesk/shared'
import type { Row } from './types'

function presentValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  return value === undefined ? null : value
}

/**
 * A row as the API shows it: exactly the definition's record fields, in order. Write-only fields
 * (passwords) and columns the definition does not name never leave.
 */
export function presentRecord(definition: ResourceDefinition, row: Row): Row {
  const record: Row = {}
  for (const field of definition.fieldList) {
    if (!field.writeOnly) record[field.name] = presentValue(row[field.name])
  }
  return record
}

/** A row as an export has it: the export fields only (no computed labels), ready to import back. */
export function presentExportRow(definition: ResourceDefinition, row: Row): Row {
  const record: Row = {}
  for (const name of definition.exportFields) record[name] = presentValue(row[name])
  return record
}

/** A row as an export table has it (`layout=arrays`): the export fields' values, in their order. */
export function presentExportValues(definition: ResourceDefinition, row: Row): unknown[] {
  const fields = definition.exportFields
  const values = new Array<unknown>(fields.length)
  for (let i = 0; i < fields.length; i++) values[i] = presentValue(row[fields[i]])
  return values
}
