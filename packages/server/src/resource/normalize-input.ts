import type { ResourceDefinition } from '@brokerdesk/shared'
import type { Row } from './types'

/**
 * Brings input values to their wire types before validation, as forms and spreadsheet cells send
 * them loosely: numbers in text fields become text, booleans in integer fields 0/1, null in a text
 * field empty. Keys that are not writable fields are dropped; `undefined` means absent.
 */
export function normalizeInput(definition: ResourceDefinition, input: unknown): Row {
  const values: Row = {}
  if (!input || typeof input !== 'object' || Array.isArray(input)) return values
  for (const field of definition.fieldList) {
    if (!field.input && field.name !== 'id') continue
    const value = (input as Row)[field.name]
    if (value === undefined) continue
    switch (field.type) {
      case 'string':
        values[field.name] = value === null ? '' : typeof value === 'number' ? String(value) : value
        break
      case 'date':
      case 'datetime':
        values[field.name] = typeof value === 'number' ? String(value) : value
        break
      case 'integer':
      case 'number':
        values[field.name] =
          typeof value === 'boolean' ? Number(value) : value === null && !field.nullable ? undefined : value
        break
      case 'integer[]':
        values[field.name] = typeof value === 'number' ? String(value) : value === null ? [] : value
        break
      default:
        values[field.name] = value
    }
    if (values[field.name] === undefined) delete values[field.name]
  }
  return values
}

/** Whether an input value counts as "not given" for a required field. */
export function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  )
}
