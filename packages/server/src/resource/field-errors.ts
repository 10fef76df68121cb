import { describeIssue, type Language, type ResourceDefinition } from '@brokerdesk/shared'
import type { z } from 'zod'
import { AppError } from '../errors'
import { catalogs } from '../i18n/messages'
import { translate } from '../i18n/translate'

/** One thing wrong with one field: a message key and its parameters. */
export interface FieldIssue {
  field: string
  key: string
  params?: Record<string, string | number>
}

/**
 * The translation keys naming a field, most particular first: `labels.<resource>.<name>` where a
 * resource names it otherwise (a product's "name" is not a person's), the field's own label key,
 * `fields.<name>`. The list's column titles (the SPA's fieldTitle) read the same keys.
 */
export function labelKeysOf(field: string, definition?: ResourceDefinition): string[] {
  const own = definition?.fieldList.find((f) => f.name === field)?.label ?? `fields.${field}`
  return definition ? [`labels.${definition.name}.${field}`, own] : [own]
}

/** The field's label in the language (labelKeysOf), or its name when there is no translation. */
export function labelOf(language: Language, field: string, definition?: ResourceDefinition): string {
  const keys = labelKeysOf(field, definition)
  for (const catalog of [catalogs[language], catalogs.en])
    for (const key of keys) if (catalog[key] !== undefined) return catalog[key]
  return field
}

/** Field issues as the translated `{field: [messages]}` of a 422. */
export function translateIssues(
  language: Language,
  issues: readonly FieldIssue[],
  definition?: ResourceDefinition,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of issues) {
    const params = issue.params ?? {}
    // Length rules word their bound as {length} (the SPA's wording); ours name it max or min.
    const text = translate(language, issue.key, {
      length: params.length ?? params.max ?? params.min ?? '',
      ...params,
      field: labelOf(language, issue.field, definition),
    })
    const list = errors[issue.field] ?? []
    if (!list.includes(text)) list.push(text)
    errors[issue.field] = list
  }
  return errors
}

/** A 422 carrying these field issues, worded in the language. */
export function invalidFields(
  language: Language,
  issues: readonly FieldIssue[],
  definition?: ResourceDefinition,
): AppError {
  return new AppError('validation', 'errors.validation', {
    errors: translateIssues(language, issues, definition),
  })
}

/** zod issues as field issues (the top-level key is the field). */
export function issuesOfZod(issues: readonly z.core.$ZodIssue[], fallbackField = '_'): FieldIssue[] {
  return issues.map((issue) => {
    const { key, params } = describeIssue(issue)
    return { field: issue.path.length > 0 ? String(issue.path[0]) : fallbackField, key, params }
  })
}
