import { z } from 'zod'
import { idField, longTextField, nameField, timestampFields, treeFields, yesNoOptions } from './common-fields'
import { defineResource, optionsOf, type RecordOf } from './define-resource'
import { flag, message, reference } from './field-rules'

export const ROLE_IS_TMP = yesNoOptions('roles', 'is_tmp')

/** Whose records a role's holders see, widest first: everyone's, their unit and the units below it, their unit's, their own. */
export const DATA_SCOPES = ['all', 'unit_and_below', 'unit', 'self'] as const
export type DataScope = (typeof DATA_SCOPES)[number]
export const ROLE_DATA_SCOPE = optionsOf(
  'roles',
  'data_scope',
  Object.fromEntries(DATA_SCOPES.map((scope) => [scope, scope])),
)

/**
 * Roles: a tree by parent (an administrator manages the roles below their own), template roles
 * whose permissions a new role may copy (`tmp_id`), and how many administrators hold each.
 */
export const roleResource = defineResource({
  name: 'roles',
  fields: {
    id: idField,
    name: nameField(255),
    description: { ...longTextField, list: true },
    is_tmp: {
      type: 'integer',
      input: 'switch',
      rule: flag(),
      default: 0,
      options: ROLE_IS_TMP,
      list: true,
      filter: 'in',
    },
    data_scope: {
      type: 'string',
      input: 'select',
      rule: z.enum(DATA_SCOPES, message('in')),
      default: 'all',
      options: ROLE_DATA_SCOPE,
      list: true,
      filter: 'in',
    },
    tmp_id: {
      type: 'integer',
      input: 'select',
      rule: reference(),
      default: 0,
      options: { resource: 'roles' },
    },
    admins_count: { type: 'integer', list: true, export: false },
    ...treeFields('roles'),
    ...timestampFields,
  },
  filters: { keyword: { kind: 'keyword', fields: ['name'] } },
  tree: true,
  defaultSort: 'left_margin',
})

export type TRole = RecordOf<typeof roleResource.fields>

/** PUT /admin/roles/{id}/permissions: the menu items the role holds; `cascade` also takes removed ones from its descendants. */
export const ZRolePermissionsSchema = z.object({
  menu_ids: z.array(z.coerce.number().int().positive()).max(10_000),
  cascade: z.boolean().optional(),
})
export type TRolePermissions = z.infer<typeof ZRolePermissionsSchema>
