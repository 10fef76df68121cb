import { z } from 'zod'
import { RESOURCE_ACTIONS, type ResourceAction } from './resource-constants'

export * from './resource-constants'

/** What a value is on the wire. */
export type ValueType =
  | 'integer'
  | 'number'
  | 'string'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'json'
  | 'integer[]'

/** Which widget edits a field in a form. */
export type InputKind =
  | 'text'
  | 'textarea'
  | 'markdown'
  | 'rich-text'
  | 'number'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'switch'
  | 'date'
  | 'datetime'
  | 'image'
  | 'file'
  | 'password'
  | 'tree-select'
  | 'multi-select'
  | 'json'

/**
 * How a list filter reads its query parameter:
 * equals `?f=v`; like `?f=text` (contains, case-insensitive); in / not-in `?f=1,2` (or repeated);
 * between `?f=from,to` (either side may be empty; a date-only upper bound includes that day);
 * bits `?f=3` (rows having any of these bits); keyword `?keyword=text` (contains, over several columns).
 */
export type FilterKind = 'equals' | 'like' | 'between' | 'in' | 'not-in' | 'bits' | 'keyword'

/** One choice of an option set; `label` is an i18n key such as `options.products.status.on_sale`. */
export interface OptionItem {
  value: number | string
  label: string
}

/** Options that come from another resource; the page data answers them (`{value: id, label: name}`). */
export interface OptionSource {
  resource: string
  /** Options nest as a tree (`children`), for a tree select. */
  tree?: boolean
}

export interface FieldSpec {
  type: ValueType
  nullable?: boolean
  /** The form widget; a field without one is read-only. */
  input?: InputKind
  /** The validation of the field's input (shared by the SPA form and the server). */
  rule?: z.ZodType
  /** Shown as required in the form; the rule is what enforces it. */
  required?: boolean
  /** The value of a new record, and what create uses when the field is absent. */
  default?: unknown
  options?: readonly OptionItem[] | OptionSource
  /** Shown as a list column. */
  list?: boolean
  /** A key list column: shown first and at every screen width, never cut short. */
  keyColumn?: boolean
  sortable?: boolean
  /** A filter named after the field. */
  filter?: Exclude<FilterKind, 'keyword'>
  /** Part of exports (default: every field that is part of the record). */
  export?: boolean
  /** Accepted as input, never part of a record, an export or a log (passwords). */
  writeOnly?: boolean
  /** Translation key of the label; default `fields.<name>`. */
  label?: string
  /** Set on many records at once by a bulk edit (`PUT /admin/<name>/bulk`); needs an input and a rule. */
  bulk?: boolean
}

export interface FilterSpec {
  kind: FilterKind
  /** The field filtered (default: the filter's name); `keyword` names several. */
  field?: string
  fields?: readonly string[]
  /** A filter over a value that is not a field (log-counts' `type`). */
  type?: ValueType
  options?: readonly OptionItem[]
  label?: string
}

/**
 * A group of a form's fields under a heading (`forms.sections.<name>`). A resource with many inputs
 * names its sections; each field with an input then belongs to exactly one.
 */
export interface FormSection {
  name: string
  fields: readonly string[]
}

export interface ResourceSpec<F extends Record<string, FieldSpec>> {
  /** The url segment: `/admin/<name>`. */
  name: string
  fields: F
  /** The form's sections, in order; without them the form is one untitled group. */
  sections?: readonly { name: string; fields: readonly (keyof F & string)[] }[]
  /** Filters beyond the per-field ones: keyword searches, not-in variants, filters over non-fields. */
  filters?: Record<string, FilterSpec>
  actions?: readonly ResourceAction[]
  /** `field` or `-field`; default `-id`. */
  defaultSort?: string
  /** Kept as a nested set (parent_id, level, left_margin, right_margin). */
  tree?: boolean
  /** The deepest level a node may have (classifications have two). */
  maxLevel?: number
  /** Checks across fields, run on the whole record being saved (the merged one on update). */
  refine?: (value: Record<string, unknown>, ctx: z.RefinementCtx) => void
}

/** A field as the SPA renders it: everything but the zod rule. */
export interface FieldMeta {
  name: string
  label: string
  type: ValueType
  nullable: boolean
  input: InputKind | null
  required: boolean
  default: unknown
  options: readonly OptionItem[] | OptionSource | null
  list: boolean
  /** A key list column (`keyColumn`). */
  keyColumn: boolean
  sortable: boolean
  filter: FilterKind | null
  export: boolean
  writeOnly: boolean
  /** Offered by the bulk edit. */
  bulk: boolean
}

export interface FilterMeta {
  name: string
  kind: FilterKind
  /** The fields (columns) it reads. */
  fields: string[]
  type: ValueType
  options: readonly OptionItem[] | OptionSource | null
  label: string
}

type ValueOf<T extends ValueType> = T extends 'integer' | 'number'
  ? number
  : T extends 'string' | 'date' | 'datetime'
    ? string
    : T extends 'boolean'
      ? boolean
      : T extends 'integer[]'
        ? number[]
        : unknown

type RecordKeys<F> = { [K in keyof F]: F[K] extends { writeOnly: true } ? never : K }[keyof F]
type RuleKeys<F> = { [K in keyof F]: F[K] extends { rule: z.ZodType } ? K : never }[keyof F]

/** The API shape of a record of a resource. */
export type RecordOf<F extends Record<string, FieldSpec>> = {
  [K in RecordKeys<F>]: F[K] extends { nullable: true } ? ValueOf<F[K]['type']> | null : ValueOf<F[K]['type']>
}
export type RuleShape<F> = {
  [K in RuleKeys<F>]: F[K] extends { rule: infer R extends z.ZodType } ? R : never
}

export interface ResourceDefinition<F extends Record<string, FieldSpec> = Record<string, FieldSpec>> {
  name: string
  /** `/admin/<name>`; the routes of the actions are below it. */
  url: string
  fields: F
  /** Every field with its name and label, in declaration order. */
  fieldList: FieldMeta[]
  filters: FilterMeta[]
  /** The fields a list may be sorted by. */
  sorts: string[]
  defaultSort: string
  /** The list columns, in order. */
  columns: string[]
  /** The fields of an export (and of an import). */
  exportFields: string[]
  actions: readonly ResourceAction[]
  tree: boolean
  maxLevel: number | null
  /** A new record's values. */
  defaults: Record<string, unknown>
  /** The form's sections (empty: one untitled group). */
  sections: FormSection[]
  /** The API shape of a record. */
  record: z.ZodObject
  /** The input of a create: every writable field (absent ones take their default). */
  create: z.ZodObject<RuleShape<F>>
  /** The input of an update: any writable fields. */
  update: z.ZodObject
  refine?: (value: Record<string, unknown>, ctx: z.RefinementCtx) => void
}

const recordValueSchema = (type: ValueType): z.ZodType => {
  switch (type) {
    case 'integer':
      return z.number().int()
    case 'number':
      return z.number()
    case 'boolean':
      return z.boolean()
    case 'integer[]':
      return z.array(z.number().int())
    case 'json':
      return z.unknown()
    default:
      return z.string()
  }
}

const isSource = (options: FieldSpec['options']): options is OptionSource =>
  options !== undefined && !Array.isArray(options)

/** Turns a resource spec into the definition the server engine and the SPA both read. */
export function defineResource<const F extends Record<string, FieldSpec>>(
  spec: ResourceSpec<F>,
): ResourceDefinition<F> {
  const entries = Object.entries(spec.fields) as [string, FieldSpec][]
  const fieldList: FieldMeta[] = entries.map(([name, field]) => ({
    name,
    label: field.label ?? `fields.${name}`,
    type: field.type,
    nullable: field.nullable ?? false,
    input: field.input ?? null,
    required: field.required ?? false,
    default: field.default ?? null,
    options: field.options ?? null,
    list: field.list ?? false,
    keyColumn: (field.list ?? false) && (field.keyColumn ?? false),
    sortable: field.sortable ?? false,
    filter: field.filter ?? null,
    export: !field.writeOnly && (field.export ?? true),
    writeOnly: field.writeOnly ?? false,
    bulk: field.bulk ?? false,
  }))
  checkBulkFields(spec.name, spec.tree ?? false, entries)

  const filters: FilterMeta[] = fieldList
    .filter((field) => field.filter)
    .map((field) => ({
      name: field.name,
      kind: field.filter as FilterKind,
      fields: [field.name],
      type: field.type === 'integer[]' ? 'integer' : field.type,
      options: field.options,
      label: field.label,
    }))
  for (const [name, filter] of Object.entries(spec.filters ?? {})) {
    const fields = [...(filter.fields ?? [filter.field ?? name])]
    const first = spec.fields[fields[0]] as FieldSpec | undefined
    filters.push({
      name,
      kind: filter.kind,
      fields,
      type: filter.type ?? first?.type ?? 'string',
      options: filter.options ?? first?.options ?? null,
      label: filter.label ?? `fields.${name}`,
    })
  }

  // A field's default applies when the input leaves it out, so `create` validates a form as it is.
  const rules = Object.fromEntries(
    entries
      .filter(([, field]) => field.rule)
      .map(([name, field]) => {
        const rule = field.rule as z.ZodType
        return [name, field.default === undefined ? rule : rule.default(field.default as never)]
      }),
  ) as RuleShape<F>
  const create = z.object(rules)
  const record = z.object(
    Object.fromEntries(
      entries
        .filter(([, field]) => !field.writeOnly)
        .map(([name, field]) => {
          const schema = recordValueSchema(field.type)
          return [name, field.nullable ? schema.nullable() : schema]
        }),
    ),
  )

  return {
    name: spec.name,
    url: `/admin/${spec.name}`,
    fields: spec.fields,
    fieldList,
    filters,
    sorts: fieldList.filter((field) => field.sortable).map((field) => field.name),
    defaultSort: spec.defaultSort ?? '-id',
    columns: fieldList.filter((field) => field.list).map((field) => field.name),
    exportFields: fieldList.filter((field) => field.export).map((field) => field.name),
    actions: spec.actions ?? RESOURCE_ACTIONS,
    tree: spec.tree ?? false,
    maxLevel: spec.maxLevel ?? null,
    defaults: Object.fromEntries(
      entries
        .filter(([, field]) => field.default !== undefined)
        .map(([name, field]) => [name, field.default]),
    ),
    sections: checkSections(spec.name, fieldList, spec.sections ?? []),
    record,
    create,
    update: create.partial(),
    refine: spec.refine,
  }
}

/**
 * A bulk-editable field is one a form writes (an input and a rule, not write-only), and not a tree
 * position: moving many nodes at once is the drag tree's work.
 */
function checkBulkFields(resource: string, tree: boolean, entries: [string, FieldSpec][]) {
  const wrong = entries
    .filter(([, field]) => field.bulk)
    .filter(
      ([name, field]) => !field.input || !field.rule || field.writeOnly || (tree && name === 'parent_id'),
    )
  if (wrong.length > 0)
    throw new Error(
      `The bulk fields of ${resource} must be writable: ${wrong.map(([name]) => name).join(', ')}`,
    )
}

/** Sections must place every field with an input exactly once, and only those. */
function checkSections(
  resource: string,
  fieldList: readonly FieldMeta[],
  sections: readonly FormSection[],
): FormSection[] {
  if (sections.length === 0) return []
  const inputs = new Set(fieldList.filter((field) => field.input).map((field) => field.name))
  const placed = sections.flatMap((section) => section.fields)
  const wrong = placed.filter((name, index) => !inputs.has(name) || placed.indexOf(name) !== index)
  const missing = [...inputs].filter((name) => !placed.includes(name))
  if (wrong.length > 0 || missing.length > 0) {
    throw new Error(
      `The form sections of ${resource} must place each input once: ${[...wrong, ...missing].join(', ')}`,
    )
  }
  return sections.map((section) => ({ name: section.name, fields: [...section.fields] }))
}

/** `optionsOf('products', 'status', {0: 'halt_sales', 1: 'on_sale'})` → items labelled `options.products.status.*`. */
export function optionsOf(
  resource: string,
  field: string,
  labels: Record<number | string, string>,
): OptionItem[] {
  return Object.entries(labels).map(([value, key]) => ({
    value: /^-?\d+$/.test(value) ? Number(value) : value,
    label: `options.${resource}.${field}.${key}`,
  }))
}

/** The codes of an option set, for `oneOf` / `bitmask`. */
export function codesOf(options: readonly OptionItem[]): [number, ...number[]] {
  return options.map((option) => Number(option.value)) as [number, ...number[]]
}

export const isOptionSource = isSource
