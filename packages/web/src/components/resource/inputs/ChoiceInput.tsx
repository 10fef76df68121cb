import type { FieldMeta, InputKind, OptionItem, TreeOptionItem } from '@brokerdesk/shared'
import { Radio, Select, TreeSelect } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { optionText } from '../option-label'
import { BitmaskCheckbox } from './BitmaskCheckbox'

/** The input kinds that choose among the field's options. */
export const CHOICE_INPUTS: ReadonlySet<InputKind> = new Set([
  'select',
  'multi-select',
  'radio',
  'checkbox',
  'tree-select',
])

function treeData(
  items: readonly (OptionItem | TreeOptionItem)[],
  translate: (o: OptionItem) => string,
  disabled: readonly unknown[],
  depth: number,
  parentDisabled = false,
): Record<string, unknown>[] {
  if (depth <= 0) return []
  return items.map((item) => {
    // A node cannot become its own parent, nor move under one of its descendants.
    const off = parentDisabled || disabled.includes(item.value)
    const children = 'children' in item && item.children ? item.children : []
    return {
      value: item.value,
      title: translate(item),
      disabled: off,
      children: treeData(children, translate, disabled, depth - 1, off),
    }
  })
}

/** The widget of a field choosing among its options (CHOICE_INPUTS): a select, a tree, radios or checkboxes. */
export function ChoiceInput({
  field,
  options,
  disabledValues,
  maxDepth,
  id,
  disabled,
  value,
  onChange,
}: {
  field: FieldMeta
  options: readonly (OptionItem | TreeOptionItem)[]
  disabledValues: readonly unknown[]
  maxDepth: number
  id?: string
  disabled?: boolean
  value: unknown
  onChange: (value: unknown) => void
}): ReactNode {
  const { t } = useTranslation()
  const flat = options as readonly OptionItem[]
  const choices = flat.map((o) => ({ value: o.value, label: optionText(t, o) }))
  const common = { id, disabled, value: value as never, onChange: onChange as never }
  switch (field.input) {
    case 'select':
      return (
        <Select
          {...common}
          allowClear={field.nullable}
          showSearch={{ optionFilterProp: 'label' }}
          options={choices}
        />
      )
    case 'multi-select':
      if (options.some((option) => 'children' in option && option.children)) {
        return (
          <TreeSelect
            {...common}
            multiple
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            treeData={treeData(options, (o) => optionText(t, o), disabledValues, maxDepth)}
          />
        )
      }
      return (
        <Select
          {...common}
          mode={field.options ? 'multiple' : 'tags'}
          showSearch={{ optionFilterProp: 'label' }}
          options={choices}
        />
      )
    case 'radio':
      return <Radio.Group {...common} options={choices} onChange={(e) => onChange(e.target.value)} />
    case 'checkbox':
      return <BitmaskCheckbox {...common} options={flat} />
    case 'tree-select':
      return (
        <TreeSelect
          {...common}
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          treeData={[
            ...(field.name === 'parent_id' ? [{ value: 0, title: t('list.top_level'), children: [] }] : []),
            ...treeData(options, (o) => optionText(t, o), disabledValues, maxDepth),
          ]}
        />
      )
    default:
      // Not a kind of CHOICE_INPUTS: FieldInput draws it.
      return null
  }
}
