import type { OptionItem } from '@brokerdesk/shared'
import { Checkbox } from 'antd'
import { useTranslation } from 'react-i18next'
import { optionText } from '../option-label'

export interface BitmaskCheckboxProps {
  id?: string
  options: readonly OptionItem[]
  value?: number | unknown[]
  onChange?: (value: number | unknown[]) => void
  disabled?: boolean
}

/** Checkboxes over a bitmask (a number whose bits are the options), or over a list of codes. */
export function BitmaskCheckbox({ id, options, value, onChange, disabled }: BitmaskCheckboxProps) {
  const { t } = useTranslation()
  const asList = Array.isArray(value) || options.some((o) => typeof o.value === 'string')
  const checked = Array.isArray(value)
    ? value
    : options
        .filter((o) => Number(o.value) !== 0 && ((value ?? 0) as number) & Number(o.value))
        .map((o) => o.value)
  return (
    <span id={id}>
      <Checkbox.Group
        disabled={disabled}
        value={checked as (string | number)[]}
        options={options
          .filter((o) => asList || Number(o.value) !== 0)
          .map((o) => ({ value: o.value, label: optionText(t, o) }))}
        onChange={(next) =>
          onChange?.(asList ? next : (next as number[]).reduce((mask, bit) => mask | Number(bit), 0))
        }
      />
    </span>
  )
}
