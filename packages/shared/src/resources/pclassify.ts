import { categoryTreeFields } from './classify'
import { defineResource, type RecordOf } from './define-resource'

/** Insurance groupings, a hierarchy of any depth. */
export const pclassifyResource = defineResource({
  name: 'pclassifys',
  fields: categoryTreeFields('pclassifys'),
  filters: { keyword: { kind: 'keyword', fields: ['name'] } },
  tree: true,
  defaultSort: 'left_margin',
})

export type TPclassify = RecordOf<typeof pclassifyResource.fields>
