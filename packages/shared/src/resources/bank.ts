import { idField, nameFields, orderField, timestampFields, yesNoOptions } from './common-fields'
import { defineResource, type RecordOf } from './define-resource'
import { flag } from './field-rules'

/** Banks; `is_withhold` marks the banks that support withholding. */
export const bankResource = defineResource({
  name: 'banks',
  fields: {
    id: idField,
    ...nameFields(50),
    order: { ...orderField, bulk: true },
    is_withhold: {
      bulk: true,
      type: 'integer',
      input: 'switch',
      rule: flag(),
      default: 0,
      options: yesNoOptions('banks', 'is_withhold'),
      list: true,
      filter: 'equals',
    },
    /** How many insurance companies support the bank. */
    firms_count: { type: 'integer', list: true, export: false },
    ...timestampFields,
  },
  filters: { keyword: { kind: 'keyword', fields: ['name', 'full_name'] } },
  defaultSort: 'order',
})

export type TBank = RecordOf<typeof bankResource.fields>
