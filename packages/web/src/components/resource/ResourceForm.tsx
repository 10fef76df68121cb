import './resource.css'
import {
  type FieldMeta,
  groupFieldsBySection,
  type ResourceDefinition,
  type ResourcePageData,
} from '@brokerdesk/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Card, Form, type FormInstance, Row as GridRow } from 'antd'
import { type KeyboardEvent, type ReactNode, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { differs } from '../../forms/form-changes'
import { useLeaveGuard } from '../../forms/use-leave-guard'
import { showServerErrors } from '../../forms/use-zod-form'
import type { ObjectSchema } from '../../forms/zod-rule'
import { dayjs } from '../../i18n/dayjs'
import { listSearchFor } from '../../state/list-state'
import { notify } from '../../state/notify'
import { type FieldRenderer, FormField } from './FormField'
import { FormSaveBar } from './FormSaveBar'
import { type Row, saveRow } from './resource-api'

type Values = Record<string, unknown>

export type { FieldRenderer } from './FormField'

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

/**
 * Saves the form's values with POST or PUT (once `confirmSave` agrees), then goes back to the list
 * on fresh pages; a 422 puts its messages under their fields.
 */
function useSaveForm(options: {
  page: ResourcePageData
  id: string
  row: Row
  form: FormInstance<Values>
  fields: readonly FieldMeta[]
  beforeSave?: (values: Values) => Values
  confirmSave?: (values: Values, row: Row) => Promise<boolean>
  /** Lets the user leave the form without being asked (once saved). */
  release: () => void
}) {
  const { page, id, row, form, fields, beforeSave, confirmSave, release } = options
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [saving, setSaving] = useState(false)
  const action = t(id === 'create' ? 'actions.create' : 'actions.update')
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
  return { saving, submit }
}

/** A section of the form: its fields in a grid, in a titled card when the section is named. */
function FormSection({
  resource,
  name,
  children,
}: {
  resource: string
  name: string | null
  children: ReactNode
}) {
  const { t } = useTranslation()
  const grid = <GridRow gutter={24}>{children}</GridRow>
  if (!name) return <div>{grid}</div>
  const heading = `resource-${resource}-section-${name}`
  return (
    <Card
      size="small"
      className="bd-form-section"
      aria-labelledby={heading}
      role="group"
      title={
        <h2 id={heading} className="bd-form-section__title">
          {t(`forms.sections.${name}`)}
        </h2>
      }
    >
      {grid}
    </Card>
  )
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
  const navigate = useNavigate()
  const [form] = Form.useForm<Values>()
  const values = Form.useWatch([], form) ?? row
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
  const { saving, submit } = useSaveForm({ page, id, row, form, fields, beforeSave, confirmSave, release })

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
        const fieldsShown = section.fields.filter((field) => shown(field.name, values))
        if (fieldsShown.length === 0) return null
        return (
          <FormSection key={section.name ?? ''} resource={page.resource} name={section.name}>
            {fieldsShown.map((field) => (
              <FormField
                key={field.name}
                page={page}
                field={field}
                row={row}
                creating={creating}
                rules={rules}
                renderer={renderers[field.name]}
                extra={extras[field.name]}
                required={required.includes(field.name)}
                wide={!twoColumns || wide.includes(field.name)}
                values={values}
              />
            ))}
          </FormSection>
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
