import type { FieldMeta, InputKind, ResourcePageData } from '@brokerdesk/shared'
import { Col, Form } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { type ObjectSchema, zodField } from '../../forms/zod-rule'
import { FieldInput, type FieldInputProps } from './inputs/FieldInput'
import { fieldTitle } from './option-label'
import type { Row } from './resource-api'

type Values = Record<string, unknown>

/** A special widget for one field; gets what FieldInput gets, plus the form's current values. */
export type FieldRenderer = (props: FieldInputProps & { values: Values }) => ReactNode

/** Inputs that take the whole width of a two-column section. */
const WIDE_INPUTS: ReadonlySet<InputKind> = new Set(['textarea', 'markdown', 'rich-text', 'image', 'json'])

export interface FormFieldProps {
  page: ResourcePageData
  field: FieldMeta
  /** The record as it was opened, and whether it is a new one. */
  row: Row
  creating: boolean
  /** The form's rules: the field is validated by its own, if it has one. */
  rules?: ObjectSchema
  /** The page's own widget for the field, instead of the input kind's. */
  renderer?: FieldRenderer
  /** Text under the input. */
  extra?: ReactNode
  /** Marked required beyond the definition. */
  required: boolean
  /** Spans both columns of a section (a long kind, a one-column form, or the page says so). */
  wide: boolean
  /** The form's current values (what a renderer may follow). */
  values: Values
}

/** One field of a resource's form: its label, rules and input (or the page's own widget) in the section's grid. */
export function FormField({
  page,
  field,
  row,
  creating,
  rules,
  renderer,
  extra,
  required,
  wide,
  values,
}: FormFieldProps) {
  const { t } = useTranslation()
  const props: FieldInputProps = {
    field,
    options: page.options[field.name] ?? [],
    disabledValues: field.name === 'parent_id' && !creating ? [row.id] : [],
    maxDepth: field.name === 'parent_id' && page.max_level ? page.max_level - 1 : undefined,
    resource: page.resource,
  }
  const label = fieldTitle(t, page.resource, field)
  const validation =
    rules && field.name in rules.shape ? zodField(rules, field.name, { label }) : { name: field.name }
  const full = wide || WIDE_INPUTS.has(field.input as InputKind)
  return (
    <Col xs={24} xl={full ? 24 : 12}>
      <Form.Item {...validation} label={label} required={field.required || required} extra={extra}>
        {renderer ? (
          <RenderedField render={renderer} props={props} values={values} />
        ) : (
          <FieldInput {...props} />
        )}
      </Form.Item>
    </Col>
  )
}

/** Lets a renderer receive the Form.Item's value and onChange like FieldInput does. */
function RenderedField({
  render,
  props,
  values,
  id,
  value,
  onChange,
}: {
  render: FieldRenderer
  props: FieldInputProps
  values: Values
  id?: string
  value?: unknown
  onChange?: (value: unknown) => void
}) {
  return render({ ...props, id, value, onChange, values })
}
