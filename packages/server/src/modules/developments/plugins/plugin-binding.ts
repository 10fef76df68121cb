import {
  defineResource,
  type FieldSpec,
  type FilterSpec,
  fieldRules,
  idField,
  optionsOf,
  timestampFields,
} from '@brokerdesk/shared'
import { date, integer, type PgColumnBuilderBase, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { serialId, timestamps } from '../../../db/schema/columns'
import type { ResourceBinding } from '../../../resource/types'
import type { PluginField, PluginPage } from './plugin-manifest'

const {
  integer: integerRule,
  message,
  optionCode,
  optionalDate,
  optionalDateTime,
  optionalText,
  requiredText,
} = fieldRules

const LONG_TEXT = 65_535

/** A rule that refuses null (an empty date) when the field is required. */
const present = <T extends z.ZodType>(rule: T) =>
  rule.refine((value) => value !== null && value !== undefined, message('required'))

function textSpec(field: PluginField, input: 'text' | 'textarea' | 'markdown'): FieldSpec {
  const max = field.max ?? (input === 'text' ? 255 : LONG_TEXT)
  return field.required
    ? { type: 'string', input, rule: requiredText(max), required: true }
    : { type: 'string', input, rule: optionalText(max), default: field.default ?? '' }
}

/** A manifest field as the engine's field spec: its value type, widget and validation rule. */
function fieldSpecOf(resource: string, name: string, field: PluginField): FieldSpec {
  const shown = {
    list: field.list,
    sortable: field.sortable,
    ...(field.filter ? { filter: field.filter } : {}),
  }
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'markdown':
      return { ...textSpec(field, field.kind), ...shown }
    case 'integer':
      return {
        type: 'integer',
        input: 'number',
        rule: integerRule({ min: field.min, max: field.max }),
        default: Number(field.default ?? field.min ?? 0),
        required: field.required,
        ...shown,
      }
    case 'select':
    case 'switch': {
      const labels = field.kind === 'switch' ? { 0: 'no', 1: 'yes' } : (field.options ?? {})
      const options = optionsOf(resource, name, labels)
      return {
        type: 'integer',
        input: field.kind === 'switch' ? 'switch' : 'select',
        rule: optionCode(options),
        options,
        default: Number(field.default ?? options[0].value),
        required: field.required,
        ...shown,
      }
    }
    case 'date':
    case 'datetime': {
      const rule = field.kind === 'date' ? optionalDate() : optionalDateTime()
      return {
        type: field.kind,
        input: field.kind,
        nullable: true,
        rule: field.required ? present(rule) : rule,
        required: field.required,
        default: null,
        ...shown,
      }
    }
  }
}

function columnOf(field: PluginField): PgColumnBuilderBase {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'markdown':
      return text()
    case 'integer':
    case 'select':
    case 'switch':
      return integer()
    case 'date':
      return date({ mode: 'string' })
    case 'datetime':
      return timestamp({ withTimezone: true })
  }
}

/**
 * A plug-in page as a resource the engine serves like any other: the definition from the manifest's
 * fields (plus id and the timestamps), and the table its migrations created.
 */
export function buildPluginBinding(page: PluginPage): ResourceBinding {
  const entries = Object.entries(page.fields)
  const fields: Record<string, FieldSpec> = {
    id: idField,
    ...Object.fromEntries(entries.map(([name, field]) => [name, fieldSpecOf(page.resource, name, field)])),
    ...timestampFields,
  }
  const filters: Record<string, FilterSpec> =
    page.keyword.length > 0 ? { keyword: { kind: 'keyword', fields: page.keyword } } : {}
  const definition = defineResource({
    name: page.resource,
    fields,
    filters,
    actions: page.actions,
    defaultSort: page.default_sort,
  })
  const table = pgTable(page.table, {
    id: serialId(),
    ...Object.fromEntries(entries.map(([name, field]) => [name, columnOf(field)])),
    ...timestamps,
  })
  return { definition, table }
}
