import { idField, nameField, timestampFields, treeFields } from './common-fields'
import { defineResource, type RecordOf } from './define-resource'
import { optionalText } from './field-rules'

/** The fields of a tree of named categories: insurance classifications and groupings share them. */
export const categoryTreeFields = (resource: 'classifys' | 'pclassifys') =>
  ({
    id: idField,
    name: nameField(60),
    description: {
      type: 'string',
      nullable: true,
      input: 'textarea',
      rule: optionalText(65535),
      default: '',
    },
    ...treeFields(resource),
    ...timestampFields,
  }) as const

/** Insurance classifications: first level, and second level under it. */
export const classifyResource = defineResource({
  name: 'classifys',
  fields: categoryTreeFields('classifys'),
  filters: { keyword: { kind: 'keyword', fields: ['name'] } },
  tree: true,
  maxLevel: 2,
  defaultSort: 'left_margin',
})

export type TClassify = RecordOf<typeof classifyResource.fields>
