import type { FieldMeta, OptionItem } from '@brokerdesk/shared'
import type { TFunction } from 'i18next'

/** An option's label: static option sets carry i18n keys, those read from other resources plain names. */
export function optionText(t: TFunction, option: OptionItem): string {
  const label = String(option.label)
  return label.startsWith('options.') ? t(label, { defaultValue: String(option.value) }) : label
}

/**
 * `t` answering a key it was asked before (with the same options) from memory: a list's cells ask the
 * same few texts — an option's label, the missing value's dash — on every row, and each of i18next's
 * lookups resolves, interpolates and post-processes anew. Made for one drawing: a new language draws
 * again with a new one.
 */
export function rememberingT(t: TFunction): TFunction {
  const known = new Map<string, string>()
  const remembering = (key: string | string[], options?: Record<string, unknown>) => {
    const id = JSON.stringify([key, options])
    let answer = known.get(id)
    if (answer === undefined) {
      answer = String(t(key, options))
      known.set(id, answer)
    }
    return answer
  }
  return remembering as unknown as TFunction
}

/** How a list cell shows a value of `field` (bitmasks list every bit set). */
export function displayValue(
  t: TFunction,
  field: FieldMeta | undefined,
  value: unknown,
  options: readonly OptionItem[] | undefined,
): string {
  if (value === null || value === undefined || value === '') return t('messages.missing_value')
  if (options && options.length > 0) {
    if (Array.isArray(value)) {
      return value
        .map((v) => options.find((o) => o.value === v))
        .filter((o): o is OptionItem => Boolean(o))
        .map((o) => optionText(t, o))
        .join(', ')
    }
    if (field?.input === 'checkbox' && typeof value === 'number') {
      const set = options.filter(
        (o) => Number(o.value) !== 0 && (value & Number(o.value)) === Number(o.value),
      )
      if (set.length > 0) return set.map((o) => optionText(t, o)).join(', ')
      if (value === 0 && !options.some((o) => o.value === 0)) return t('messages.missing_value')
    }
    const match = options.find((o) => o.value === value)
    if (match) return optionText(t, match)
  }
  if (typeof value === 'boolean') return t(value ? 'list.yes' : 'list.no')
  if (field?.type === 'datetime' && typeof value === 'string') return formatDateTime(value)
  if (typeof value === 'object') return JSON.stringify(value)
  const text = String(value)
  return text.length > 100 ? `${text.slice(0, 100)}…` : text
}

const pad = (n: number) => String(n).padStart(2, '0')

/** `yyyy-MM-dd hh:mm:ss` in local time (SPEC §9). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
}

/**
 * A field's label: `labels.<resource>.<field>` where a resource names it otherwise (a company's
 * "name" is not a person's), else the field's own key (`fields.<name>`), else the raw name.
 */
export function fieldTitle(t: TFunction, resource: string, field: Pick<FieldMeta, 'name' | 'label'>): string {
  return t([`labels.${resource}.${field.name}`, field.label], { defaultValue: field.name })
}
