import { idField, nameField, timestampFields } from './common-fields'
import { defineResource, type RecordOf } from './define-resource'
import { commaIntegers, optionalText } from './field-rules'

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
    description: {
      type: 'string',
      nullable: true,
      input: 'textarea',
      rule: optionalText(65535),
      default: '',
    },
    ...timestampFields,
  },
  filters: { keyword: { kind: 'keyword', fields: ['name', 'value'] } },
  defaultSort: 'id',
})

export type TYear = RecordOf<typeof yearResource.fields>
