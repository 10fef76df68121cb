import { CONFIG_VALUE_TYPE, configChoices } from '@brokerdesk/shared'

/** A setting's component options, whether the form holds them as JSON text or as an object. */
export function parsedOptions(options: unknown): Record<string, unknown> {
  if (options && typeof options === 'object' && !Array.isArray(options))
    return options as Record<string, unknown>
  if (typeof options !== 'string' || options.trim() === '') return {}
  try {
    const parsed = JSON.parse(options)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {}
  } catch {
    return {}
  }
}

export type ValueKind =
  | 'text'
  | 'textarea'
  | 'markdown'
  | 'password'
  | 'json'
  | 'number'
  | 'boolean'
  | 'select'

/** Which input edits a setting's value: by its type, and for text by its input kind (itype). */
export function valueKind(type: unknown, itype: unknown, options: unknown): ValueKind {
  switch (Number(type)) {
    case CONFIG_VALUE_TYPE.json:
      return 'json'
    case CONFIG_VALUE_TYPE.number:
      return 'number'
    case CONFIG_VALUE_TYPE.boolean:
      return 'boolean'
    case CONFIG_VALUE_TYPE.select:
      return 'select'
  }
  if (Number(itype) === 2) return 'textarea'
  if (Number(itype) === 3) return 'markdown'
  return parsedOptions(options).type === 'password' ? 'password' : 'text'
}

/** The choices of a select setting. */
export const choicesOf = (options: unknown) => configChoices(parsedOptions(options))

/** A number limit of the options, when it is one. */
export function numberOption(options: unknown, name: 'min' | 'max' | 'step'): number | undefined {
  const value = parsedOptions(options)[name]
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}
