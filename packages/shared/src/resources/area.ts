import { nameField, timestampFields, treeFields } from './common-fields'
import { defineResource, type RecordOf } from './define-resource'
import { integer } from './field-rules'

/** Administrative regions (province, city, district); the id is the official zone code, given on create. */
export const areaResource = defineResource({
  name: 'areas',
  fields: {
    id: {
      type: 'integer',
      input: 'number',
      rule: integer({ min: 1, max: 2_147_483_647 }),
      required: true,
      list: true,
      sortable: true,
      filter: 'in',
    },
    name: nameField(255),
    ...treeFields('areas'),
    ...timestampFields,
  },
  filters: { keyword: { kind: 'keyword', fields: ['name', 'id'] } },
  tree: true,
  defaultSort: 'left_margin',
})

export type TArea = RecordOf<typeof areaResource.fields>
