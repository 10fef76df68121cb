import { z } from 'zod'
import { idField, timestampFields } from './common-fields'
import { defineResource, type RecordOf } from './define-resource'
import { departmentField, departmentNameField } from './department'
import {
  idList,
  optionalEmail,
  optionalMobile,
  optionalPassword,
  optionalText,
  optionalUserName,
  reference,
} from './field-rules'

/**
 * Back-office users (SPEC §3 "Admins"): an admin record links an account to roles. A new admin
 * binds an existing account (`user_id`) or creates one with it (`uname`, `name`, `password`,
 * `email`, `mobile_phone`, used only when `user_id` is 0). The account's names are shown beside it.
 */
export const adminResource = defineResource({
  name: 'admins',
  fields: {
    id: idField,
    user_id: {
      type: 'integer',
      input: 'select',
      rule: reference(),
      default: 0,
      options: { resource: 'users' },
      list: true,
      filter: 'equals',
    },
    uname: { type: 'string', input: 'text', rule: optionalUserName(), list: true, export: false },
    name: { type: 'string', input: 'text', rule: optionalText(50), list: true, export: false },
    email: { type: 'string', input: 'text', rule: optionalEmail(), list: true, export: false },
    mobile_phone: { type: 'string', input: 'text', rule: optionalMobile(), export: false },
    password: {
      type: 'string',
      input: 'password',
      rule: optionalPassword(),
      writeOnly: true,
    },
    department_id: departmentField,
    department_name: departmentNameField,
    role_ids: {
      type: 'integer[]',
      input: 'multi-select',
      rule: idList(),
      default: [],
      options: { resource: 'roles', tree: true },
      list: true,
    },
    ...timestampFields,
  },
})

export type TAdmin = RecordOf<typeof adminResource.fields>

/** The most accounts one answer of GET /admin/admins/accounts lists. */
export const ADMIN_ACCOUNTS_LIMIT = 20

/**
 * GET /admin/admins/accounts: `keyword` is a prefix of the account's name, e-mail or mobile number;
 * `user_id` (0: none) is an account to list as well, even one already bound, so a form can label its value.
 */
export const ZAdminAccountsQuerySchema = z.object({
  keyword: optionalText(50),
  user_id: reference().optional(),
})
export type TAdminAccountsQuery = z.infer<typeof ZAdminAccountsQuerySchema>

/** One account an admin record can bind, as a select option with the account's names. */
export const ZAdminAccountSchema = z.object({
  value: z.number(),
  /** `uname · name` */
  label: z.string(),
  uname: z.string(),
  name: z.string(),
  email: z.string(),
  mobile_phone: z.string(),
})
export type TAdminAccount = z.infer<typeof ZAdminAccountSchema>
