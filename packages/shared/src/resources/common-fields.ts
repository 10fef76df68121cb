import { optionsOf } from './define-resource'
import { integer, optionalText, reference, requiredText } from './field-rules'

/** The id column every resource lists and sorts by. */
export const idField = { type: 'integer', list: true, sortable: true, filter: 'in' } as const

/** created_at / updated_at as records carry them (ISO 8601). */
export const timestampFields = {
  created_at: { type: 'datetime', list: true, sortable: true, filter: 'between' },
  updated_at: { type: 'datetime', sortable: true },
} as const

/** A required, searchable text column of at most `max` characters (a name): a key list column. */
export const nameField = (max: number) =>
  ({
    type: 'string',
    input: 'text',
    rule: requiredText(max),
    required: true,
    list: true,
    keyColumn: true,
    filter: 'like',
  }) as const

/** The sort order a list can be arranged by (smaller first). */
export const orderField = {
  type: 'integer',
  input: 'number',
  rule: integer({ min: 0, max: 2_147_483_647 }),
  default: 0,
  list: true,
  sortable: true,
} as const

/** A free, possibly empty long text (a description, a template). */
export const longTextField = {
  type: 'string',
  nullable: true,
  input: 'textarea',
  rule: optionalText(65535),
  default: '',
} as const

/** `name` and `full_name`, as companies, banks and agent systems carry them. */
export const nameFields = (max: number) => ({ name: nameField(max), full_name: nameField(max) }) as const

/** No / yes, for 0/1 switches. */
export const yesNoOptions = (resource: string, field: string) =>
  optionsOf(resource, field, { 0: 'no', 1: 'yes' })

/** The nested-set columns of a hierarchy; `parent_id` is chosen in a tree select of the same resource. */
export const treeFields = (resource: string) =>
  ({
    parent_id: {
      type: 'integer',
      input: 'tree-select',
      rule: reference(),
      default: 0,
      options: { resource, tree: true },
      filter: 'equals',
      list: true,
    },
    parent_name: { type: 'string', list: true, export: false },
    level: { type: 'integer', list: true, sortable: true, filter: 'equals' },
    left_margin: { type: 'integer', sortable: true },
    right_margin: { type: 'integer' },
  }) as const
