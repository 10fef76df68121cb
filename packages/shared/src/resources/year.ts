import { idField, longTextField, nameField, timestampFields } from './common-fields'
import { defineResource, type RecordOf } from './define-resource'
import { commaIntegers } from './field-rules'

/** Payment periods; `value` is a comma-separated list of positive integers, e.g. `10` or `5,10,20`. */
export const yearResource = defineResource({
  name: 'years',
  fields: {
    id: idField,
    name: nameField(255),
    value: {
      type: 'string',
      input: 'text',
      rule: commaIntegers(),
      required: true,
      list: true,
      filter: 'equals',
    },
    description: longTextField,
    ...timestampFields,
  },
  filters: { keyword: { kind: 'keyword', fields: ['name', 'value'] } },
  defaultSort: 'id',
})

export type TYear = RecordOf<typeof yearResource.fields>
