import type { OptionItem, TreeOptionItem } from '@brokerdesk/shared'
import { Form, Select } from 'antd'
import type { FieldRenderer } from '../../../components/resource/ResourceForm'

type Options = readonly (OptionItem | TreeOptionItem)[]

const childrenOf = (options: Options, value: unknown): TreeOptionItem[] =>
  (options.find((option) => option.value === value) as TreeOptionItem | undefined)?.children ?? []

const toChoices = (options: Options) =>
  options.map((option) => ({ value: option.value, label: option.label }))

/** The first-level classification: the roots of the classification tree; choosing one clears the second level. */
export const FirstClassifySelect: FieldRenderer = ({ id, options, value, onChange, disabled }) => (
  <FirstClassify id={id} options={options} value={value} onChange={onChange} disabled={disabled} />
)

function FirstClassify({
  id,
  options,
  value,
  onChange,
  disabled,
}: {
  id?: string
  options: Options
  value?: unknown
  onChange?: (value: unknown) => void
  disabled?: boolean
}) {
  const form = Form.useFormInstance()
  return (
    <Select
      id={id}
      showSearch={{ optionFilterProp: 'label' }}
      disabled={disabled}
      value={value || undefined}
      options={toChoices(options)}
      onChange={(next) => {
        onChange?.(next)
        if (!childrenOf(options, next).some((child) => child.value === form.getFieldValue('classify2_id'))) {
          form.setFieldValue('classify2_id', undefined)
        }
      }}
    />
  )
}

/** The second-level classification: the children of the chosen first level only. */
export const SecondClassifySelect: FieldRenderer = ({ id, options, value, onChange, disabled, values }) => {
  const choices = childrenOf(options, values.classify_id)
  return (
    <Select
      id={id}
      showSearch={{ optionFilterProp: 'label' }}
      disabled={disabled || choices.length === 0}
      value={value || undefined}
      options={toChoices(choices)}
      onChange={(next) => onChange?.(next)}
    />
  )
}
