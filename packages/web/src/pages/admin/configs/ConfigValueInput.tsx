import { Input, InputNumber, Select, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { FieldInput } from '../../../components/resource/inputs/FieldInput'
import type { FieldRenderer } from '../../../components/resource/ResourceForm'
import { choicesOf, numberOption, parsedOptions, valueKind } from './config-value'

const numberText = (value: number | undefined) => (value === undefined ? undefined : String(value))

/** A setting's value, edited with the input of its type: switch, number, choice, JSON or text. */
export const ConfigValueInput: FieldRenderer = ({
  values,
  id,
  value,
  onChange,
  disabled,
  field,
  options,
}) => {
  const { t } = useTranslation()
  const change = (next: string) => onChange?.(next)
  const text = value === null || value === undefined ? '' : String(value)
  const kind = valueKind(values.type, values.itype, values.options)
  switch (kind) {
    case 'boolean':
      return (
        <Switch
          id={id}
          disabled={disabled}
          checked={text === '1'}
          checkedChildren={t('configs.on')}
          unCheckedChildren={t('configs.off')}
          onChange={(on) => change(on ? '1' : '0')}
        />
      )
    case 'number':
      return (
        <InputNumber<string>
          id={id}
          disabled={disabled}
          style={{ width: '100%', maxWidth: 240 }}
          min={numberText(numberOption(values.options, 'min'))}
          max={numberText(numberOption(values.options, 'max'))}
          step={numberOption(values.options, 'step')}
          value={text === '' ? null : text}
          stringMode
          // What is not a number is kept as typed, for the server to name.
          onChange={(next) => change(next === null || next === undefined ? '' : String(next))}
        />
      )
    case 'select':
      return (
        <Select
          id={id}
          disabled={disabled}
          style={{ width: '100%', maxWidth: 360 }}
          value={text === '' ? undefined : text}
          options={choicesOf(values.options)}
          onChange={(next: string) => change(next)}
          placeholder={t('configs.no_choices')}
          notFoundContent={t('configs.no_choices')}
        />
      )
    case 'password':
      return (
        <Input.Password
          id={id}
          disabled={disabled}
          autoComplete="new-password"
          maxLength={Number(parsedOptions(values.options).maxLength) || undefined}
          value={text}
          onChange={(e) => change(e.target.value)}
        />
      )
    default:
      return (
        <FieldInput
          field={{ ...field, input: kind }}
          options={options}
          id={id}
          disabled={disabled}
          value={text}
          onChange={(next) => change(next === null || next === undefined ? '' : String(next))}
        />
      )
  }
}
