import { idField, nameField, orderField, timestampFields, treeFields } from './common-fields'
import { defineResource, optionsOf, type RecordOf } from './define-resource'
import { optionalPhone, optionalText, optionCode, reference } from './field-rules'

export const DEPARTMENT_STATUS = optionsOf('departments', 'status', { 1: 'enabled', 0: 'disabled' })

/**
 * Organisation units: a tree of head office → branch → department. Accounts and back-office users
 * belong to one (`department_id`); a role's data scope is drawn from them.
 */
export const departmentResource = defineResource({
  name: 'departments',
  fields: {
    id: idField,
    name: { ...nameField(60), label: 'fields.unit_name' },
    ...treeFields('departments'),
    leader: {
      type: 'string',
      input: 'text',
      rule: optionalText(50),
      default: '',
      list: true,
      filter: 'like',
    },
    phone: { type: 'string', input: 'text', rule: optionalPhone(), default: '', list: true },
    order: orderField,
    status: {
      type: 'integer',
      input: 'radio',
      rule: optionCode(DEPARTMENT_STATUS),
      default: 1,
      options: DEPARTMENT_STATUS,
      list: true,
      sortable: true,
      filter: 'in',
    },
    ...timestampFields,
  },
  filters: { keyword: { kind: 'keyword', fields: ['name', 'leader', 'phone'] } },
  tree: true,
  defaultSort: 'left_margin',
})

export type TDepartment = RecordOf<typeof departmentResource.fields>

/**
 * The organisation unit of an account or a back-office user, chosen in a tree select (0: none); a
 * list shows its name (`department_name`), an export and an import its id.
 */
export const departmentField = {
  type: 'integer',
  input: 'tree-select',
  rule: reference(),
  default: 0,
  options: { resource: 'departments', tree: true },
  filter: 'equals',
} as const

/** The unit's name beside `department_id` in a list. */
export const departmentNameField = { type: 'string', list: true, export: false } as const
