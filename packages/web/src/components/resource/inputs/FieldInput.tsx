import type { FieldMeta, OptionItem, TreeOptionItem } from '@brokerdesk/shared'
import { DatePicker, Input, InputNumber, Radio, Select, Switch, TreeSelect } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { dayjs } from '../../../i18n/dayjs'
import { LazyMarkdownEditor, LazyRichTextEditor } from '../../editors/LazyEditors'
import { ImageChooser } from '../../uploads/ImageChooser'
import { ResumableFileInput } from '../../uploads/ResumableFileInput'
import { optionText } from '../option-label'
import { BitmaskCheckbox } from './BitmaskCheckbox'

export interface FieldInputProps {
  field: FieldMeta
  options: readonly (OptionItem | TreeOptionItem)[]
  disabled?: boolean
  /** Tree-select values that may not be chosen (a node cannot be its own parent). */
  disabledValues?: readonly unknown[]
  /** How deep a tree select goes (a parent of a two-level tree comes from the first level). */
  maxDepth?: number
  /** The id the Form.Item gives its control (labels point at it). */
  id?: string
  /** The resource whose form this is: a document uploaded there is readable by its administrators. */
  resource?: string
  value?: unknown
  onChange?: (value: unknown) => void
}

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

/** The widget of a field, by its input kind. */
export function FieldInput({
  field,
  options,
  disabled,
  disabledValues = [],
  maxDepth = Number.POSITIVE_INFINITY,
  id,
  resource,
  value,
  onChange,
}: FieldInputProps): ReactNode {
  const { t } = useTranslation()
  const change = onChange as (v: unknown) => void
  const flat = options as readonly OptionItem[]
  const choices = flat.map((o) => ({ value: o.value, label: optionText(t, o) }))
  // A reference to another resource holds 0 while none is chosen: show the placeholder, not "0".
  const shown =
    field.options && !Array.isArray(field.options) && field.name !== 'parent_id' && value === 0
      ? undefined
      : value
  const common = { id, disabled, value: shown as never, onChange: change as never }
  switch (field.input) {
    case 'rich-text':
      return (
        <LazyRichTextEditor
          id={id}
          label={t(field.label, { defaultValue: field.name })}
          disabled={disabled}
          value={value as string | null}
          onChange={change}
        />
      )
    case 'textarea':
      return (
        <Input.TextArea
          {...common}
          autoSize={{ minRows: 3, maxRows: 12 }}
          onChange={(e) => change(e.target.value)}
        />
      )
    case 'json':
      return (
        <Input.TextArea
          id={id}
          disabled={disabled}
          className="bd-mono"
          value={
            value === null || value === undefined
              ? ''
              : typeof value === 'string'
                ? value
                : JSON.stringify(value, null, 2)
          }
          autoSize={{ minRows: 3, maxRows: 12 }}
          onChange={(e) => change(e.target.value)}
        />
      )
    case 'markdown':
      return (
        <LazyMarkdownEditor id={id} disabled={disabled} value={value as string | null} onChange={change} />
      )
    case 'number':
      return <InputNumber {...common} style={{ width: '100%', maxWidth: 240 }} />
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
      return <Radio.Group {...common} options={choices} onChange={(e) => change(e.target.value)} />
    case 'checkbox':
      return <BitmaskCheckbox {...common} options={flat} />
    case 'switch':
      return (
        <Switch
          id={id}
          disabled={disabled}
          checked={value === 1 || value === true}
          onChange={(on) => change(field.type === 'boolean' ? on : on ? 1 : 0)}
        />
      )
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          id={id}
          disabled={disabled}
          showTime={field.input === 'datetime'}
          value={value ? dayjs(String(value)) : null}
          onChange={(day) =>
            change(day ? day.format(field.input === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss') : null)
          }
        />
      )
    case 'image':
      // One picture for a text field; a list field takes up to the chooser's default count.
      return <ImageChooser {...common} name={field.name} max={field.type === 'json' ? undefined : 1} />
    case 'file':
      return <ResumableFileInput {...common} name={field.name} resource={resource} />
    case 'password':
      return (
        <Input.Password {...common} autoComplete="new-password" onChange={(e) => change(e.target.value)} />
      )
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
      return <Input {...common} onChange={(e) => change(e.target.value)} />
  }
}
