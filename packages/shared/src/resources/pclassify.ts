import { idField, timestampFields, treeFields } from './common-fields'
import { defineResource, type RecordOf } from './define-resource'
import { optionalText, requiredText } from './field-rules'

/** Insurance groupings, a hierarchy of any depth. */
export const pclassifyResource = defineResource({
  name: 'pclassifys',
  fields: {
    id: idField,
    name: {
      type: 'string',
      input: 'text',
      rule: requiredText(60),
      required: true,
      list: true,
      filter: 'like',
    },
    description: {
      type: 'string',
      nullable: true,
      input: 'textarea',
      rule: optionalText(65535),
      default: '',
    },
    ...treeFields('pclassifys'),
    ...timestampFields,
  },
  filters: { keyword: { kind: 'keyword', fields: ['name'] } },
  tree: true,
  defaultSort: 'left_margin',
})

export type TPclassify = RecordOf<typeof pclassifyResource.fields>
