import { idField, nameField, timestampFields } from './common-fields'
import { defineResource, optionsOf, type RecordOf } from './define-resource'
import { message, optionalJsonObject, optionalText, optionCode, requiredText } from './field-rules'

export const CONFIG_TYPE = optionsOf('configs', 'type', {
  1: 'string',
  2: 'json',
  3: 'number',
  4: 'boolean',
  5: 'select',
})
/** The type codes of the settings' values. */
export const CONFIG_VALUE_TYPE = { string: 1, json: 2, number: 3, boolean: 4, select: 5 } as const
export const CONFIG_ITYPE = optionsOf('configs', 'itype', { 1: 'input', 2: 'textarea', 3: 'markdown' })

const KEY = /^[A-Za-z][A-Za-z0-9_.-]*$/
const NUMBER = /^-?\d+(\.\d+)?$/
const BOOLEAN_VALUES = ['0', '1']

/** A select setting's choices: `options.options`, each a string or `{ value, label }`. */
export function configChoices(options: unknown): Array<{ value: string; label: string }> {
  const list = (options as { options?: unknown } | null | undefined)?.options
  if (!Array.isArray(list)) return []
  return list.flatMap((item) => {
    if (typeof item === 'string' || typeof item === 'number')
      return [{ value: String(item), label: String(item) }]
    if (item && typeof item === 'object' && 'value' in item) {
      const { value, label } = item as { value: unknown; label?: unknown }
      if (typeof value !== 'string' && typeof value !== 'number') return []
      return [{ value: String(value), label: typeof label === 'string' ? label : String(value) }]
    }
    return []
  })
}

/**
 * Settings whose change can weaken the site's security, lock users out or drop the audit trail: API
 * encryption and its required routes, the upload limits and store, maintenance mode, how long the
 * operation log is kept, the login policy (concurrent sessions, two-factor login, the password rules). Changed by the super administrator only (others still read them), after a
 * confirmation naming the effect (the SPA's `configs.sensitive_effect.<key>`); logged as every write.
 */
export const SENSITIVE_CONFIG_KEYS = [
  'api_encryption',
  'api_encryption_routes',
  'upload_image_max_kb',
  'upload_document_max_kb',
  'upload_provider',
  'maintenance_mode',
  'log_keep_months',
  // The login policy (also read by the super administrator only: SUPER_ADMIN_CONFIG_KEYS).
  'session_concurrent',
  'totp_required_for_admins',
  'password_min_length',
  'password_character_classes',
  'password_not_account_name',
  'password_history',
  'password_expiry_days',
] as const
export type SensitiveConfigKey = (typeof SENSITIVE_CONFIG_KEYS)[number]

export const isSensitiveConfigKey = (key: unknown): key is SensitiveConfigKey =>
  SENSITIVE_CONFIG_KEYS.includes(key as SensitiveConfigKey)

/** A boolean setting's value as stored ('1' on, '0' off). */
export const configIsOn = (value: unknown) => value === '1' || value === 'true'

/**
 * System settings: a typed value (1 string, 2 JSON, 3 number, 4 boolean '1'/'0', 5 one of the
 * choices in `options.options`), edited with the input of its type (a string with the kind `itype`).
 */
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
    } else if (value.type === 3) {
      const { min, max } = (value.options ?? {}) as { min?: unknown; max?: unknown }
      const number = Number(text)
      if (typeof min === 'number' && number < min) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: `validations.messages.min_value?min=${min}`,
        })
      } else if (typeof max === 'number' && number > max) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: `validations.messages.max_value?max=${max}`,
        })
      }
    }
    // A text setting's own limit (its input's maxLength): the value reaches other services as it is
    // (a map key goes into a URL), so the server holds it to what the input allows.
    const { maxLength } = (value.options ?? {}) as { maxLength?: unknown }
    if (value.type === 1 && typeof maxLength === 'number' && text.length > maxLength) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `validations.messages.max?max=${maxLength}` })
    }
    if (value.type === 4 && !BOOLEAN_VALUES.includes(text)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'validations.messages.boolean' })
    }
    if (value.type === 5) {
      const choices = configChoices(value.options)
      if (choices.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'validations.messages.required' })
      } else if (!choices.some((choice) => choice.value === text)) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'validations.messages.in' })
      }
    }
  },
})

export type TConfig = RecordOf<typeof configResource.fields>
