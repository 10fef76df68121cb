import { LANGUAGES, type Language, type ResourceDefinition } from '@brokerdesk/shared'
import { catalogs } from '../i18n/messages'
import { labelKeysOf } from './field-errors'
import type { Row } from './types'

const normalized = (header: string) => header.normalize('NFKC').trim().toLowerCase()

/** Header → field of each definition and reader's language, built once (an import sends many chunks). */
const headerMaps = new WeakMap<ResourceDefinition, Map<Language, Map<string, string>>>()

/**
 * What a sheet's column header may be for each writable field: its key (`firm_id`), or its label
 * (the list's column title, the header of an export) in any of the twelve languages. A label that
 * means two fields goes to the one of the reader's language, then English, then the first language
 * naming it; keys always win.
 */
function headerMapOf(definition: ResourceDefinition, language: Language): Map<string, string> {
  const byLanguage = headerMaps.get(definition) ?? new Map<Language, Map<string, string>>()
  headerMaps.set(definition, byLanguage)
  const known = byLanguage.get(language)
  if (known) return known
  const fields = definition.fieldList.filter((field) => field.input || field.name === 'id')
  const map = new Map<string, string>()
  for (const field of fields) map.set(normalized(field.name), field.name)
  const order = [language, 'en' as Language, ...LANGUAGES.filter((one) => one !== language && one !== 'en')]
  for (const one of order) {
    for (const field of fields) {
      const key = labelKeysOf(field.name, definition).find((candidate) => catalogs[one][candidate])
      const label = key && normalized(catalogs[one][key])
      if (label && !map.has(label)) map.set(label, field.name)
    }
  }
  byLanguage.set(language, map)
  return map
}

/**
 * Imported rows keyed by field: columns headed by a field's key or label become that field; others
 * (the `error` column of a sheet of failed rows) stay as they are and are ignored by the rules. A
 * field given twice keeps its key's column. Each header is looked up once for all the rows (a chunk
 * repeats the same few); a row that is not an object becomes an empty one.
 */
export function rowsByFields(
  definition: ResourceDefinition,
  language: Language,
  rows: readonly unknown[],
): Row[] {
  const map = headerMapOf(definition, language)
  const fieldOf = new Map<string, string | undefined>()
  const byField = (header: string) => {
    if (!fieldOf.has(header)) fieldOf.set(header, map.get(normalized(header)))
    return fieldOf.get(header)
  }
  return rows.map((row) => {
    const keyed: Row = {}
    if (!row || typeof row !== 'object' || Array.isArray(row)) return keyed
    for (const [header, value] of Object.entries(row)) {
      const field = byField(header)
      if (!field) keyed[header] = value
      else if (!(field in keyed) || header === field) keyed[field] = value
    }
    return keyed
  })
}
