import { idField, nameField, timestampFields } from './common-fields'
import { defineResource, optionsOf, type RecordOf } from './define-resource'
import {
  idList,
  optionalDate,
  optionalDateTime,
  optionalText,
  optionBits,
  optionCode,
  reference,
} from './field-rules'

export const PRODUCT_IS_LONG_TIME = optionsOf('products', 'is_long_time', { 0: 'short', 1: 'long' })
export const PRODUCT_CLASS = optionsOf('products', 'class', { 0: 'traditional', 1: 'new' })
export const PRODUCT_BUY_TYPE = optionsOf('products', 'buy_type', { 1: 'personal', 2: 'group' })
export const PRODUCT_PAY_TYPE = optionsOf('products', 'pay_type', {
  1: 'one_time',
  2: 'installments',
  4: 'flexible',
})
export const PRODUCT_ATTR = optionsOf('products', 'attr', {
  0: 'none',
  1: 'student_accident',
  2: 'women',
  3: 'children',
  4: 'elderly',
  5: 'aviation_accident',
})
export const PRODUCT_STATUS = optionsOf('products', 'status', {
  0: 'halt_sales',
  1: 'on_sale',
  2: 'out_of_service',
})

/** A required choice in another resource's tree (a classification, a group), filtered by `in`. */
const requiredTreeReference = (resource: string) =>
  ({
    type: 'integer',
    input: 'tree-select',
    rule: reference({ required: true }),
    required: true,
    default: 0,
    options: { resource, tree: true },
    filter: 'in',
    bulk: true,
  }) as const

/** Insurance products (SPEC §3 "Products"); `pay_type` is a bitmask. */
export const productResource = defineResource({
  name: 'products',
  fields: {
    id: idField,
    uid: { type: 'string', input: 'text', rule: optionalText(255), default: '', list: true },
    firm_id: {
      bulk: true,
      type: 'integer',
      input: 'select',
      rule: reference({ required: true }),
      required: true,
      default: 0,
      options: { resource: 'firms' },
      filter: 'in',
      sortable: true,
    },
    firm_name: { type: 'string', list: true, keyColumn: true, export: false },
    classify_id: requiredTreeReference('classifys'),
    classify_name: { type: 'string', list: true, export: false },
    /** A second-level classification under classify_id. */
    classify2_id: requiredTreeReference('classifys'),
    classify2_name: { type: 'string', list: true, export: false },
    pclassify_id: requiredTreeReference('pclassifys'),
    pclassify_name: { type: 'string', list: true, export: false },
    name: nameField(255),
    is_long_time: {
      bulk: true,
      type: 'integer',
      input: 'select',
      rule: optionCode(PRODUCT_IS_LONG_TIME),
      default: 1,
      options: PRODUCT_IS_LONG_TIME,
      list: true,
      filter: 'equals',
    },
    class: {
      bulk: true,
      type: 'integer',
      input: 'radio',
      rule: optionCode(PRODUCT_CLASS),
      default: 0,
      options: PRODUCT_CLASS,
      filter: 'equals',
    },
    buy_type: {
      bulk: true,
      type: 'integer',
      input: 'radio',
      rule: optionCode(PRODUCT_BUY_TYPE),
      default: 1,
      options: PRODUCT_BUY_TYPE,
      filter: 'equals',
    },
    pay_type: {
      bulk: true,
      type: 'integer',
      input: 'checkbox',
      rule: optionBits(PRODUCT_PAY_TYPE),
      default: 0,
      options: PRODUCT_PAY_TYPE,
      list: true,
      filter: 'bits',
    },
    attr: {
      bulk: true,
      type: 'integer',
      input: 'select',
      rule: optionCode(PRODUCT_ATTR),
      default: 0,
      options: PRODUCT_ATTR,
      filter: 'equals',
    },
    /** Payment periods offered (product_year). */
    year_ids: {
      bulk: true,
      type: 'integer[]',
      input: 'multi-select',
      rule: idList(),
      default: [],
      options: { resource: 'years' },
      filter: 'in',
    },
    pdf_url: { type: 'string', input: 'file', rule: optionalText(255), default: '' },
    company_no: { type: 'string', input: 'text', rule: optionalText(255), default: '', filter: 'like' },
    no: { type: 'string', input: 'text', rule: optionalText(255), default: '', filter: 'like' },
    status: {
      bulk: true,
      type: 'integer',
      input: 'radio',
      rule: optionCode(PRODUCT_STATUS),
      default: 1,
      options: PRODUCT_STATUS,
      list: true,
      keyColumn: true,
      sortable: true,
      filter: 'in',
    },
    issue_at: {
      type: 'datetime',
      nullable: true,
      input: 'datetime',
      rule: optionalDateTime(),
      default: null,
      list: true,
      keyColumn: true,
      sortable: true,
      filter: 'between',
    },
    stop_at: {
      bulk: true,
      type: 'date',
      nullable: true,
      input: 'date',
      rule: optionalDate(),
      default: null,
      list: true,
      keyColumn: true,
      sortable: true,
      filter: 'between',
    },
    poster: { type: 'string', input: 'image', rule: optionalText(255), default: '' },
    ...timestampFields,
  },
  sections: [
    {
      name: 'basic',
      fields: ['name', 'uid', 'firm_id', 'company_no', 'no', 'status', 'issue_at', 'stop_at'],
    },
    {
      name: 'classification',
      fields: ['classify_id', 'classify2_id', 'pclassify_id', 'is_long_time', 'class', 'attr'],
    },
    { name: 'sales', fields: ['buy_type', 'pay_type', 'year_ids'] },
    { name: 'materials', fields: ['pdf_url', 'poster'] },
  ],
  filters: {
    keyword: { kind: 'keyword', fields: ['name', 'uid', 'no', 'company_no'] },
    status_not: { kind: 'not-in', field: 'status' },
  },
  refine(value, ctx) {
    const issue = value.issue_at ? Date.parse(String(value.issue_at)) : Number.NaN
    const stop = value.stop_at ? Date.parse(String(value.stop_at)) : Number.NaN
    if (!Number.isNaN(issue) && !Number.isNaN(stop) && stop + 86_400_000 <= issue) {
      ctx.addIssue({ code: 'custom', path: ['stop_at'], message: 'validations.messages.after_issue' })
    }
  },
})

export type TProduct = RecordOf<typeof productResource.fields>
