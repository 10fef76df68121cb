import type { FieldMeta, ResourcePageData } from '@brokerdesk/shared'
import { Alert, Button, Checkbox, Drawer, Form, List, Space, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError, http, type Params } from '../../api/http'
import { splitServerErrors } from '../../forms/server-errors'
import { FieldInput } from './inputs/FieldInput'
import { fieldTitle } from './option-label'
import { toWire } from './ResourceForm'
import { type BulkTarget, type Row, resourceUrl } from './resource-api'

type Values = Record<string, unknown>

/** The answer of PUT /admin/<name>/bulk. */
interface BulkResult {
  updated: number
  errors: { id: number; errors: Record<string, string[]> }[]
}

/** At most this many records left alone are listed (the answer may name thousands). */
const ERRORS_SHOWN = 50

/** The list's filters as the bulk edit's `filter`: only the list's own filters, only those holding a value. */
function wireFilter(page: ResourcePageData, filters: Params): Record<string, string | string[]> {
  const names = new Set(page.filters.map((filter) => filter.name))
  const wire: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(filters)) {
    if (!names.has(name) || value === undefined || value === null || value === '') continue
    wire[name] = Array.isArray(value) ? value.map(String) : String(value)
  }
  return wire
}

/** How many records the edit changed, and each one it left alone with why. */
function BulkResultView({ result, nameOf }: { result: BulkResult; nameOf: (id: number) => string }) {
  const { t, i18n } = useTranslation()
  const left = result.errors.length
  return (
    <Space orientation="vertical" style={{ width: '100%' }} aria-live="polite">
      <Alert
        type={left > 0 ? 'warning' : 'success'}
        showIcon
        title={t('bulk_edit.updated', { count: result.updated.toLocaleString(i18n.language) })}
        description={
          left > 0 ? t('bulk_edit.failed', { count: left.toLocaleString(i18n.language) }) : undefined
        }
      />
      {left > 0 && (
        <List
          size="small"
          bordered
          dataSource={result.errors.slice(0, ERRORS_SHOWN)}
          renderItem={(error) => (
            <List.Item>
              <Typography.Text strong>{nameOf(error.id)}</Typography.Text>
              {': '}
              {Object.values(error.errors).flat().join(' ')}
            </List.Item>
          )}
        />
      )}
    </Space>
  )
}

interface BulkEditDrawerProps {
  page: ResourcePageData
  target: BulkTarget
  count: number
  rows: readonly Row[]
  onDone: () => void
  onClose: () => void
}

/**
 * The bulk edit: the fields the definition marks bulk-editable, each sent only when ticked; then
 * how many records changed and, for each left alone, why (the server checks each record as its
 * single update).
 */
export function BulkEditDrawer({ page, target, count, rows, onDone, onClose }: BulkEditDrawerProps) {
  const { t, i18n } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [ticked, setTicked] = useState<string[]>([])
  const [saving, setSaving] = useState(false)
  const [notice, setNotice] = useState('')
  const [result, setResult] = useState<BulkResult>()
  const fields = useMemo(() => page.fields.filter((field) => field.bulk && field.input), [page.fields])
  const defaults = useMemo(
    () => Object.fromEntries(fields.map((field) => [field.name, page.defaults[field.name] ?? field.default])),
    [fields, page.defaults],
  )
  const number = count.toLocaleString(i18n.language)
  const nameOf = (id: number) => {
    const row = rows.find((one) => one.id === id)
    return row?.name ? `${String(row.name)} (#${id})` : `#${id}`
  }
  const tick = (field: FieldMeta, on: boolean) => {
    setTicked((list) => (on ? [...list, field.name] : list.filter((name) => name !== field.name)))
    setResult(undefined)
  }

  const submit = async (input: Values) => {
    setNotice('')
    if (ticked.length === 0) {
      setNotice(t('bulk_edit.none_ticked'))
      return
    }
    const chosen = fields.filter((field) => ticked.includes(field.name))
    const values = toWire(chosen, Object.fromEntries(chosen.map((field) => [field.name, input[field.name]])))
    const body =
      'ids' in target ? { ids: target.ids, values } : { filter: wireFilter(page, target.filter), values }
    setSaving(true)
    try {
      const answer = await http.put<BulkResult>(`${resourceUrl(page.resource)}/bulk`, body, {
        handledStatuses: [422],
      })
      setResult(answer)
      if (answer.updated > 0) onDone()
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 422) return
      const { fields: wrong, rest } = splitServerErrors(error, new Set(ticked))
      form.setFields(wrong)
      setNotice(rest.join(' '))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Drawer
      open
      onClose={onClose}
      width="min(560px, 100vw)"
      title={
        'ids' in target
          ? t('bulk_edit.title', { count: number })
          : t('bulk_edit.title_matching', { count: number })
      }
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{t('bulk_edit.close')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('bulk_edit.apply', { count: number })}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={defaults}
        onFinish={submit}
        name={`bulk-${page.resource}`}
      >
        <Typography.Paragraph type="secondary">{t('bulk_edit.hint')}</Typography.Paragraph>
        {fields.map((field) => {
          const label = fieldTitle(t, page.resource, field)
          const on = ticked.includes(field.name)
          return (
            <div key={field.name} className="bd-bulk-field">
              <Checkbox checked={on} onChange={(event) => tick(field, event.target.checked)}>
                {t('bulk_edit.change', { field: label })}
              </Checkbox>
              {on && (
                <Form.Item name={field.name} label={label} className="bd-bulk-field__input">
                  <FieldInput
                    field={field}
                    options={page.options[field.name] ?? []}
                    resource={page.resource}
                  />
                </Form.Item>
              )}
            </div>
          )
        })}
        {notice && <Alert type="error" showIcon title={notice} />}
        {result && <BulkResultView result={result} nameOf={nameOf} />}
      </Form>
    </Drawer>
  )
}
