import type { FieldMeta, InputKind, OptionItem, TreeOptionItem } from '@brokerdesk/shared'
import { DatePicker, Input, InputNumber, Switch } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { dayjs } from '../../../i18n/dayjs'
import { LazyMarkdownEditor, LazyRichTextEditor } from '../../editors/LazyEditors'
import { ImageChooser } from '../../uploads/ImageChooser'
import { ResumableFileInput } from '../../uploads/ResumableFileInput'
import { CHOICE_INPUTS, ChoiceInput } from './ChoiceInput'

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
  // A reference to another resource holds 0 while none is chosen: show the placeholder, not "0".
  const shown =
    field.options && !Array.isArray(field.options) && field.name !== 'parent_id' && value === 0
      ? undefined
      : value
  const common = { id, disabled, value: shown as never, onChange: change as never }
  if (CHOICE_INPUTS.has(field.input as InputKind)) {
    return (
      <ChoiceInput
        field={field}
        options={options}
        disabledValues={disabledValues}
        maxDepth={maxDepth}
        id={id}
        disabled={disabled}
        value={shown}
        onChange={change}
      />
    )
  }
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
    default:
      return <Input {...common} onChange={(e) => change(e.target.value)} />
  }
}
