import { z } from 'zod'
import { APP_ENVS, MENU_GROUPS, METHOD_BITS, USE_BITS } from '../menu'
import { MAX_INTEGER } from '../validation/limits'
import { idField, nameField, timestampFields, treeFields, yesNoOptions } from './common-fields'
import {
  defineResource,
  type OptionItem,
  optionsOf,
  RESOURCE_ACTIONS,
  type RecordOf,
} from './define-resource'
import { flag, integer, message, optionalText, optionCode } from './field-rules'

export const MENU_STATUS_OPTIONS = optionsOf('menus', 'status', { 1: 'display', 2: 'hidden' })
export const MENU_DISABLED_OPTIONS = optionsOf('menus', 'disabled', { 0: 'enabled', 1: 'disabled' })
/** The method bits as checkbox choices: `{value: 1, label: 'GET'}`. */
export const MENU_METHOD_OPTIONS: OptionItem[] = Object.entries(METHOD_BITS).map(([name, bit]) => ({
  value: bit,
  label: name.toUpperCase(),
}))
export const MENU_USE_OPTIONS: OptionItem[] = Object.keys(USE_BITS).map((use) => ({
  value: use,
  label: `options.menus.use.${use}`,
}))
export const MENU_ENV_OPTIONS: OptionItem[] = APP_ENVS.map((env) => ({
  value: env,
  label: `options.menus.env.${env}`,
}))
export const MENU_GROUP_OPTIONS: OptionItem[] = [
  { value: '', label: 'options.menus.group.none' },
  ...MENU_GROUPS.map((group) => ({ value: group, label: `options.menus.group.${group}` })),
]
/** What `resource_id` makes an item: -1 a resource, 0 a common link, >0 a single route of that resource. */
export const MENU_TYPE_OPTIONS = optionsOf('menus', 'type', { 0: 'link', 1: 'resource', 2: 'route' })
export const MENU_ONLY_OPTIONS: OptionItem[] = RESOURCE_ACTIONS.map((action) => ({
  value: action,
  label: `options.menus.only.${action}`,
}))

/** `menus.resource_id` → the item's type code of MENU_TYPE_OPTIONS. */
export function menuTypeOf(resourceId: number): 0 | 1 | 2 {
  return resourceId === -1 ? 1 : resourceId > 0 ? 2 : 0
}

const methodBits = Object.values(METHOD_BITS) as number[]
const stringList = (allowed?: readonly string[]) =>
  z
    .array(
      z
        .string(message('string'))
        .trim()
        .min(1, message('required'))
        .max(255, message('max', { max: 255 }))
        .refine((v) => !allowed || allowed.includes(v), message('in')),
      message('array'),
    )
    .transform((list) => [...new Set(list)])

/**
 * Menu items, which are also the permission table (SPEC §3 "Menu item"). `method` and `use` travel
 * as lists (`[1, 4]`, `['api']`) as /open/menu presents them; the server stores their bitmasks.
 */
export const menuResource = defineResource({
  name: 'menus',
  fields: {
    id: idField,
    name: nameField(255),
    icons: { type: 'string', input: 'text', rule: optionalText(255), default: '', list: true },
    description: { type: 'string', input: 'text', rule: optionalText(255), default: '' },
    url: { type: 'string', input: 'text', rule: optionalText(255), default: '', list: true, filter: 'like' },
    method: {
      type: 'integer[]',
      input: 'checkbox',
      rule: z
        .array(
          z.coerce.number(message('in')).refine((v) => methodBits.includes(v), message('in')),
          message('array'),
        )
        .transform((list) => [...new Set(list)].sort((a, b) => a - b)),
      default: [METHOD_BITS.get],
      options: MENU_METHOD_OPTIONS,
      list: true,
    },
    type: { type: 'integer', options: MENU_TYPE_OPTIONS, list: true, export: false },
    resource_id: {
      type: 'integer',
      input: 'number',
      rule: integer({ min: -1, max: 2_147_483_647 }),
      default: 0,
      filter: 'equals',
    },
    status: {
      type: 'integer',
      input: 'radio',
      rule: optionCode(MENU_STATUS_OPTIONS),
      default: 1,
      options: MENU_STATUS_OPTIONS,
      list: true,
      filter: 'in',
    },
    disabled: {
      type: 'integer',
      input: 'radio',
      rule: flag(),
      default: 0,
      options: MENU_DISABLED_OPTIONS,
      list: true,
      filter: 'in',
    },
    is_page: {
      type: 'integer',
      input: 'switch',
      rule: flag(),
      default: 0,
      options: yesNoOptions('menus', 'is_page'),
      list: true,
    },
    group: {
      type: 'string',
      input: 'select',
      rule: z.enum(['', ...MENU_GROUPS], message('in')),
      default: '',
      options: MENU_GROUP_OPTIONS,
      list: true,
      filter: 'in',
    },
    env: {
      type: 'json',
      input: 'checkbox',
      rule: stringList(APP_ENVS),
      default: [],
      options: MENU_ENV_OPTIONS,
      list: true,
    },
    use: {
      type: 'json',
      input: 'checkbox',
      rule: stringList(Object.keys(USE_BITS)),
      default: [],
      options: MENU_USE_OPTIONS,
    },
    as: { type: 'string', input: 'text', rule: optionalText(255), default: '' },
    middleware: { type: 'json', input: 'multi-select', rule: stringList(), default: [] },
    action: { type: 'string', input: 'text', rule: optionalText(65535), default: '' },
    item_name: { type: 'string', input: 'text', rule: optionalText(255), default: '' },
    is_out_link: {
      type: 'integer',
      input: 'switch',
      rule: flag(),
      default: 0,
      options: yesNoOptions('menus', 'is_out_link'),
    },
    plug_in_key: { type: 'string', input: 'text', rule: optionalText(255), default: '' },
    options: {
      type: 'json',
      nullable: true,
      input: 'json',
      rule: z
        .object({ only: z.array(z.enum(RESOURCE_ACTIONS, message('in')), message('array')).optional() })
        .nullable(),
      default: null,
      options: MENU_ONLY_OPTIONS,
    },
    ...treeFields('menus'),
    ...timestampFields,
  },
  sections: [
    { name: 'basic', fields: ['name', 'parent_id', 'icons', 'description', 'item_name', 'group'] },
    { name: 'route', fields: ['url', 'method', 'use', 'env', 'as', 'action', 'middleware', 'resource_id'] },
    {
      name: 'display',
      fields: ['status', 'disabled', 'is_page', 'is_out_link', 'plug_in_key', 'options'],
    },
  ],
  filters: { keyword: { kind: 'keyword', fields: ['name', 'url', 'description'] } },
  tree: true,
  defaultSort: 'left_margin',
})

export type TMenu = RecordOf<typeof menuResource.fields>

/** The body of POST /admin/menus/update-position: where to put a dragged item. */
export const ZMenuPositionSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_INTEGER),
  target_id: z.coerce.number().int().positive().max(MAX_INTEGER),
  position: z.enum(['before', 'after', 'inside']),
})
export type TMenuPosition = z.infer<typeof ZMenuPositionSchema>
