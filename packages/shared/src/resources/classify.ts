import { idField, longTextField, nameField, timestampFields, treeFields } from './common-fields'
import { defineResource, type RecordOf } from './define-resource'

/** The fields of a tree of named categories: insurance classifications and groupings share them. */
export const categoryTreeFields = (resource: 'classifys' | 'pclassifys') =>
  ({
    id: idField,
    name: nameField(60),
    description: longTextField,
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
