import {
  idField,
  longTextField,
  nameFields,
  orderField,
  timestampFields,
  yesNoOptions,
} from './common-fields'
import { defineResource, optionsOf, type RecordOf } from './define-resource'
import { flag, idList, optionalText, optionalWebsite, optionBits, optionCode } from './field-rules'

export const FIRM_TYPE = optionsOf('firms', 'type', { 1: 'life', 2: 'property' })
export const FIRM_UNAME_RULE = optionsOf('firms', 'uname_rule', {
  0: 'none',
  1: 'agent_number',
  2: 'id_number',
  3: 'phone_number',
})
export const FIRM_PASSWORD_RULE = optionsOf('firms', 'password_rule', {
  0: 'none',
  1: 'id_last_six',
  2: 'fixed_value',
})
export const FIRM_URL_RULE = optionsOf('firms', 'url_rule', { 0: 'none', 1: 'account_template' })
export const FIRM_SERVICE_API = [
  { value: '', label: 'options.firms.service_api.none' },
  { value: 'guobao', label: 'options.firms.service_api.guobao' },
] as const
export const FIRM_RECEIPT_TPL_TYPE = optionsOf('firms', 'receipt_tpl_type', { 1: 'pdf', 2: 'content' })

/** Insurance companies (SPEC §3 "Firms"); `type` is a bitmask, a company may be both. */
export const firmResource = defineResource({
  name: 'firms',
  fields: {
    id: idField,
    ...nameFields(255),
    type: {
      bulk: true,
      type: 'integer',
      input: 'checkbox',
      rule: optionBits(FIRM_TYPE, true),
      required: true,
      default: 1,
      options: FIRM_TYPE,
      list: true,
      filter: 'bits',
    },
    url: { type: 'string', input: 'text', rule: optionalWebsite(), default: '', list: true },
    logo: { type: 'string', input: 'image', rule: optionalText(255), default: '', list: true },
    uname_rule: {
      bulk: true,
      type: 'integer',
      input: 'select',
      rule: optionCode(FIRM_UNAME_RULE),
      default: 0,
      options: FIRM_UNAME_RULE,
      filter: 'equals',
    },
    password_rule: {
      type: 'integer',
      input: 'radio',
      rule: optionCode(FIRM_PASSWORD_RULE),
      default: 0,
      options: FIRM_PASSWORD_RULE,
    },
    /** The fixed agent password, required when password_rule is 2 (fixed value). */
    default_password: { type: 'string', input: 'text', rule: optionalText(255), default: '' },
    account_day_by_sign_at: {
      bulk: true,
      type: 'integer',
      input: 'switch',
      rule: flag(),
      default: 0,
      options: yesNoOptions('firms', 'account_day_by_sign_at'),
    },
    account_day_by_end_at: {
      bulk: true,
      type: 'integer',
      input: 'switch',
      rule: flag(),
      default: 0,
      options: yesNoOptions('firms', 'account_day_by_end_at'),
    },
    url_rule: {
      type: 'integer',
      input: 'radio',
      rule: optionCode(FIRM_URL_RULE),
      default: 0,
      options: FIRM_URL_RULE,
    },
    /** The link template, required when url_rule is 1 (account template). */
    url_rule_tpl: { type: 'string', input: 'text', rule: optionalText(255), default: '' },
    description: longTextField,
    order: { ...orderField, bulk: true },
    account_at_merge: {
      bulk: true,
      type: 'integer',
      input: 'switch',
      rule: flag(),
      default: 0,
      options: yesNoOptions('firms', 'account_at_merge'),
    },
    service_api: {
      bulk: true,
      type: 'string',
      input: 'select',
      rule: optionalText(50).refine((v) => FIRM_SERVICE_API.some((o) => o.value === v), {
        error: 'validations.messages.in',
      }),
      default: '',
      options: FIRM_SERVICE_API,
      filter: 'equals',
    },
    insure_notify: {
      type: 'string',
      nullable: true,
      input: 'rich-text',
      rule: optionalText(65535),
      default: '',
    },
    receipt_tpl_type: {
      bulk: true,
      type: 'integer',
      input: 'radio',
      rule: optionCode(FIRM_RECEIPT_TPL_TYPE),
      default: 1,
      options: FIRM_RECEIPT_TPL_TYPE,
    },
    receipt_tpl: longTextField,
    /** The banks the company supports (bank_firm). */
    bank_ids: {
      bulk: true,
      type: 'integer[]',
      input: 'multi-select',
      rule: idList(),
      default: [],
      options: { resource: 'banks' },
      filter: 'in',
    },
    /** How many live products the company has, and how many of them are long-term. */
    products_count: { type: 'integer', list: true, export: false },
    long_products_count: { type: 'integer', list: true, export: false },
    ...timestampFields,
  },
  sections: [
    {
      name: 'basic',
      fields: ['name', 'full_name', 'type', 'url', 'order', 'bank_ids', 'logo', 'description'],
    },
    {
      name: 'agent_accounts',
      fields: [
        'uname_rule',
        'password_rule',
        'default_password',
        'url_rule',
        'url_rule_tpl',
        'service_api',
        'account_day_by_sign_at',
        'account_day_by_end_at',
        'account_at_merge',
      ],
    },
    { name: 'notices', fields: ['receipt_tpl_type', 'receipt_tpl', 'insure_notify'] },
  ],
  filters: { keyword: { kind: 'keyword', fields: ['name', 'full_name'] } },
  refine(value, ctx) {
    if (value.password_rule === 2 && !value.default_password) {
      ctx.addIssue({ code: 'custom', path: ['default_password'], message: 'validations.messages.required' })
    }
    if (value.url_rule === 1 && !value.url_rule_tpl) {
      ctx.addIssue({ code: 'custom', path: ['url_rule_tpl'], message: 'validations.messages.required' })
    }
  },
})

export type TFirm = RecordOf<typeof firmResource.fields>
