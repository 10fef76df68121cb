import { idField, nameField, timestampFields } from './common-fields'
import { defineResource, optionsOf, type RecordOf } from './define-resource'
import { message, optionalJsonObject, optionalText, optionCode, requiredText } from './field-rules'

export const CONFIG_TYPE = optionsOf('configs', 'type', { 1: 'string', 2: 'json', 3: 'number' })
export const CONFIG_ITYPE = optionsOf('configs', 'itype', { 1: 'input', 2: 'textarea', 3: 'markdown' })

const KEY = /^[A-Za-z][A-Za-z0-9_.-]*$/
const NUMBER = /^-?\d+(\.\d+)?$/

/** System settings: a typed value (1 string, 2 JSON, 3 number) edited with the input kind `itype`. */
export const configResource = defineResource({
  name: 'configs',
  fields: {
    id: idField,
    name: nameField(255),
    key: {
      type: 'string',
      input: 'text',
      rule: requiredText(100).regex(KEY, message('alpha_dash')),
      required: true,
      list: true,
      filter: 'like',
    },
    value: { type: 'string', input: 'textarea', rule: optionalText(65535), default: '', list: true },
    type: {
      type: 'integer',
      input: 'select',
      rule: optionCode(CONFIG_TYPE),
      default: 1,
      options: CONFIG_TYPE,
      list: true,
      filter: 'equals',
    },
    itype: {
      type: 'integer',
      input: 'select',
      rule: optionCode(CONFIG_ITYPE),
      default: 1,
      options: CONFIG_ITYPE,
      filter: 'equals',
    },
    /** Properties handed to the input component. */
    options: { type: 'json', nullable: true, input: 'json', rule: optionalJsonObject(), default: null },
    description: { type: 'string', input: 'textarea', rule: optionalText(255), default: '' },
    ...timestampFields,
  },
  filters: { keyword: { kind: 'keyword', fields: ['name', 'key', 'description'] } },
  refine(value, ctx) {
    const text = String(value.value ?? '').trim()
    if (value.type === 2) {
      try {
        JSON.parse(text)
      } catch {
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'validations.messages.json' })
      }
    }
    if (value.type === 3 && !NUMBER.test(text)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validations.messages.numeric' })
    }
  },
})

export type TConfig = RecordOf<typeof configResource.fields>
