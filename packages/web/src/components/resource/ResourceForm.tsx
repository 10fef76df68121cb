import './resource.css'
import {
  type FieldMeta,
  groupFieldsBySection,
  type InputKind,
  type ResourceDefinition,
  type ResourcePageData,
} from '@brokerdesk/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Card, Col, Form, Row as GridRow } from 'antd'
import { type KeyboardEvent, type ReactNode, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { differs } from '../../forms/form-changes'
import { useLeaveGuard } from '../../forms/use-leave-guard'
import { showServerErrors } from '../../forms/use-zod-form'
import { type ObjectSchema, zodField } from '../../forms/zod-rule'
import { dayjs } from '../../i18n/dayjs'
import { listSearchFor } from '../../state/list-state'
import { notify } from '../../state/notify'
import { FormSaveBar } from './FormSaveBar'
import { FieldInput, type FieldInputProps } from './inputs/FieldInput'
import { fieldTitle } from './option-label'
import { type Row, saveRow } from './resource-api'

type Values = Record<string, unknown>

/** A special widget for one field; gets what FieldInput gets, plus the form's current values. */
export type FieldRenderer = (props: FieldInputProps & { values: Values }) => ReactNode

export interface ResourceFormProps {
  page: ResourcePageData
  /** The shared definition: its zod rules validate the form (the server's 422 remains the judge). */
  definition?: ResourceDefinition
  /** Another schema than the definition's (e.g. a password that may stay empty on update). */
  schema?: ObjectSchema
  /** `create` or the record's id. */
  id: string
  row: Row
  /** Widgets that differ from the input kind's, by field. */
  renderers?: Record<string, FieldRenderer>
  /** Extra text under a field's input. */
  extras?: Record<string, ReactNode>
  /** The values sent, from the form's. */
  beforeSave?: (values: Values) => Values
  /** Asked before saving (a change whose effect the user confirms); false keeps the form as it is. */
  confirmSave?: (values: Values, row: Row) => Promise<boolean>
  /** Shown above the fields (e.g. a choice that decides which fields apply). */
  header?: ReactNode
  /** The fields shown, when not all of them (given the form's current values). */
  shown?: (name: string, values: Values) => boolean
  /** Fields marked required beyond the definition's (when another schema requires them). */
  required?: readonly string[]
  /** Fields spanning both columns of a section beyond the long kinds (a cascader, a map). */
  wide?: readonly string[]
}

/** Inputs that take the whole width of a two-column section. */
const WIDE_INPUTS: ReadonlySet<InputKind> = new Set(['textarea', 'markdown', 'rich-text', 'image', 'json'])

/** The definition's own schema with its checks across fields. */
export function formSchema(definition: ResourceDefinition | undefined): ObjectSchema | undefined {
  if (!definition) return undefined
  const schema = definition.create as unknown as ObjectSchema
  const refine = definition.refine
  return refine ? (schema.superRefine((value, ctx) => refine(value as Values, ctx)) as ObjectSchema) : schema
}

/** Datetimes travel as ISO 8601 (the form shows local time). */
export function toWire(fields: readonly FieldMeta[], values: Values): Values {
  const out: Values = { ...values }
  for (const field of fields) {
    if (field.input === 'datetime' && typeof out[field.name] === 'string' && out[field.name]) {
      out[field.name] = dayjs(String(out[field.name])).toISOString()
    }
  }
  return out
}

/**
 * Enter in a date or time picker confirms the typed date; it must not also submit the whole form
 * (the browser's implicit submission). The picker has handled the key by the time it gets here.
 */
function keepEnterInPickers(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key === 'Enter' && (event.target as HTMLElement).closest('.ant-picker')) event.preventDefault()
}

/** The form of a resource from its fields: validated as the user types, saved with POST or PUT. */
export function ResourceForm({
  page,
  definition,
  schema,
  id,
  row,
  renderers = {},
  extras = {},
  beforeSave,
  confirmSave,
  header,
  shown = () => true,
  required = [],
  wide = [],
}: ResourceFormProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<Values>()
  const values = Form.useWatch([], form) ?? row
  const [saving, setSaving] = useState(false)
  const [dirty, setDirty] = useState(false)
  const release = useLeaveGuard(dirty)
  const creating = id === 'create'
  const editable = (page.actions as string[]).includes(creating ? 'create' : 'update')
  const rules = schema ?? formSchema(definition)
  const sections = useMemo(
    () =>
      groupFieldsBySection(
        page.fields.filter((field) => field.input),
        page.sections ?? [],
        page.layout,
      ),
    [page.fields, page.sections, page.layout],
  )
  const fields = useMemo(() => sections.flatMap((section) => section.fields), [sections])
  const twoColumns = sections.some((section) => section.name)
  const action = t(creating ? 'actions.create' : 'actions.update')

  const submit = async (input: Values) => {
    if (confirmSave && !(await confirmSave(input, row))) return
    setSaving(true)
    try {
      const body = toWire(fields, beforeSave ? beforeSave(input) : input)
      await saveRow(page.resource, id, body)
      // The list must not show the old values for a moment: drop its cached pages (and rows), so
      // it opens on fresh ones; what else depends on the resource is refetched.
      queryClient.removeQueries({ queryKey: ['resource', page.resource, 'list'] })
      queryClient.removeQueries({ queryKey: ['resource', page.resource, 'row'] })
      await queryClient.invalidateQueries({ queryKey: ['resource', page.resource] })
      notify('success', t('messages.success', { action }))
      release()
      navigate(`/admin/${page.resource}${listSearchFor(page.resource, '')}`)
    } catch (error) {
      const rest = showServerErrors(form, error)
      if (rest.length > 0) notify('danger', rest.join(' '))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Form
      form={form}
      name={`resource-${page.resource}`}
      layout="vertical"
      initialValues={row}
      disabled={!editable}
      onFinish={submit}
      onValuesChange={(_, all) => setDirty(differs(all, row))}
      onKeyDown={keepEnterInPickers}
      className={`bd-resource-form${twoColumns ? ' bd-resource-form--sections' : ''}`}
      // 'always': a field under the sticky header counts as visible to 'if-needed'; the inputs'
      // scroll-margin-top (resource.css) keeps the header and the field's label clear.
      scrollToFirstError={{ block: 'start', scrollMode: 'always', focus: true }}
    >
      {header}
      {sections.map((section) => {
        const items = section.fields
          .filter((field) => shown(field.name, values))
          .map((field) => {
            const rendered = renderers[field.name]
            const props: FieldInputProps = {
              field,
              options: page.options[field.name] ?? [],
              disabledValues: field.name === 'parent_id' && !creating ? [row.id] : [],
              maxDepth: field.name === 'parent_id' && page.max_level ? page.max_level - 1 : undefined,
              resource: page.resource,
            }
            const label = fieldTitle(t, page.resource, field)
            const validation =
              rules && field.name in rules.shape
                ? zodField(rules, field.name, { label })
                : { name: field.name }
            const full = !twoColumns || wide.includes(field.name) || WIDE_INPUTS.has(field.input as InputKind)
            return (
              <Col key={field.name} xs={24} xl={full ? 24 : 12}>
                <Form.Item
                  {...validation}
                  label={label}
                  required={field.required || required.includes(field.name)}
                  extra={extras[field.name]}
                >
                  {rendered ? (
                    <RenderedField render={rendered} props={props} values={values} />
                  ) : (
                    <FieldInput {...props} />
                  )}
                </Form.Item>
              </Col>
            )
          })
        if (items.length === 0) return null
        const grid = <GridRow gutter={24}>{items}</GridRow>
        if (!section.name) return <div key="">{grid}</div>
        const heading = `resource-${page.resource}-section-${section.name}`
        return (
          <Card
            key={section.name}
            size="small"
            className="bd-form-section"
            aria-labelledby={heading}
            role="group"
            title={
              <h2 id={heading} className="bd-form-section__title">
                {t(`forms.sections.${section.name}`)}
              </h2>
            }
          >
            {grid}
          </Card>
        )
      })}
      <FormSaveBar
        editable={editable}
        dirty={dirty}
        saving={saving}
        onCancel={() => navigate(`/admin/${page.resource}${listSearchFor(page.resource, '')}`)}
      />
    </Form>
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
