import { SaveOutlined, UndoOutlined } from '@ant-design/icons'
import {
  groupFieldsBySection,
  LAYOUT_WIDTH,
  type LayoutColumn,
  layoutColumnsOf,
  type ResourcePageData,
} from '@brokerdesk/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Col, Flex, InputNumber, Row, Select, Space, Switch, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError } from '../../../api/http'
import { useMenus } from '../../../api/queries'
import { fieldTitle } from '../../../components/resource/option-label'
import { QueryState } from '../../../components/resource/ResourcePage'
import { usePageData } from '../../../components/resource/resource-api'
import { menuLabel } from '../../../i18n/menu-label'
import { notify } from '../../../state/notify'
import { saveLayout } from './developments-api'
import { SortableList } from './SortableList'

/** The resources whose pages the user can open: the admin menu's resource items. */
function useResourceChoices() {
  const menus = useMenus().data ?? []
  return menus
    .filter(
      (item) => item.resource_id === -1 && item.group === 'admin' && /^\/admin\/[a-z-]+$/.test(item.url),
    )
    .map((item) => ({ value: item.url.slice('/admin/'.length), label: menuLabel(item.name) }))
}

/** The form's fields in the order the form shows them: by section, the layout's order within each. */
function formFieldsOf(page: ResourcePageData, layout: ResourcePageData['layout']): string[] {
  return groupFieldsBySection(
    page.fields.filter((field) => field.input),
    page.sections ?? [],
    layout,
  ).flatMap((section) => section.fields.map((field) => field.name))
}

/** The columns and field order of one resource's pages, edited until saved. */
function LayoutEditor({ page, canSave }: { page: ResourcePageData; canSave: boolean }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [columns, setColumns] = useState<LayoutColumn[]>(() => layoutColumnsOf(page.columns, page.layout))
  const [fields, setFields] = useState<string[]>(() => formFieldsOf(page, page.layout))
  const [saving, setSaving] = useState(false)
  const labelOf = (name: string) =>
    fieldTitle(t, page.resource, {
      name,
      label: page.fields.find((f) => f.name === name)?.label ?? `fields.${name}`,
    })
  const change = (name: string, patch: Partial<LayoutColumn>) =>
    setColumns((current) =>
      current.map((column) => (column.name === name ? { ...column, ...patch } : column)),
    )

  const save = async () => {
    setSaving(true)
    try {
      await saveLayout({ resource: page.resource, columns, fields })
      await queryClient.invalidateQueries({ queryKey: ['resource', page.resource] })
      notify('success', t('messages.success', { action: t('actions.save') }))
    } catch (error) {
      // A refusal says why; other errors were already told by the client.
      if (error instanceof HttpError && error.status === 422) {
        notify('danger', Object.values(error.errors).flat().join(' ') || error.message)
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <Flex vertical gap={16}>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={14}>
          <Typography.Title level={5}>{t('developments.layout.columns')}</Typography.Title>
          <SortableList
            aria-label={t('developments.layout.columns')}
            items={columns}
            keyOf={(column) => column.name}
            labelOf={(column) => labelOf(column.name)}
            onChange={setColumns}
            render={(column) => (
              <Flex align="center" gap={8} wrap className="bd-layout-column">
                <span className="bd-layout-column__name">{labelOf(column.name)}</span>
                <Switch
                  size="small"
                  checked={!column.hidden}
                  aria-label={t('developments.layout.visible', { name: labelOf(column.name) })}
                  onChange={(on) => change(column.name, { hidden: !on })}
                />
                <InputNumber
                  size="small"
                  min={LAYOUT_WIDTH.min}
                  max={LAYOUT_WIDTH.max}
                  value={column.width}
                  placeholder={t('developments.layout.auto')}
                  aria-label={t('developments.layout.width', { name: labelOf(column.name) })}
                  onChange={(width) => change(column.name, { width: width ?? null })}
                  suffix="px"
                  style={{ width: 104 }}
                />
              </Flex>
            )}
          />
        </Col>
        <Col xs={24} lg={10}>
          <Typography.Title level={5}>{t('developments.layout.fields')}</Typography.Title>
          <SortableList
            aria-label={t('developments.layout.fields')}
            items={fields}
            keyOf={(name) => name}
            labelOf={labelOf}
            onChange={setFields}
            render={(name) => labelOf(name)}
          />
        </Col>
      </Row>
      <Space wrap>
        <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!canSave} onClick={save}>
          {t('actions.save')}
        </Button>
        <Button
          icon={<UndoOutlined />}
          onClick={() => {
            setColumns(layoutColumnsOf(page.columns, null))
            setFields(formFieldsOf(page, null))
          }}
        >
          {t('developments.layout.reset')}
        </Button>
        {page.layout && (
          <Typography.Text type="secondary">
            {t('developments.layout.saved_at', { time: new Date(page.layout.updated_at).toLocaleString() })}
          </Typography.Text>
        )}
      </Space>
    </Flex>
  )
}

/** The page data of the chosen resource, then its editor. */
function ResourceLayout({ resource, canSave }: { resource: string; canSave: boolean }) {
  const page = usePageData(resource)
  if (!page.data) return <QueryState error={page.error} loading={page.isPending} />
  return (
    <LayoutEditor
      key={`${resource}-${page.data.layout?.updated_at ?? ''}`}
      page={page.data}
      canSave={canSave}
    />
  )
}

/** Pick a resource, arrange its list columns and form fields; saved, they are everyone's default. */
export function LayoutTab({ canSave }: { canSave: boolean }) {
  const { t } = useTranslation()
  const choices = useResourceChoices()
  const [resource, setResource] = useState<string>()
  const sorted = [...choices].sort((a, b) => a.label.localeCompare(b.label))
  return (
    <Flex vertical gap={16}>
      <Alert
        type={canSave ? 'info' : 'warning'}
        showIcon
        title={t(canSave ? 'developments.layout.hint' : 'developments.local_only')}
      />
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('developments.layout.resource')}
        aria-label={t('developments.layout.resource')}
        options={sorted}
        value={resource}
        onChange={setResource}
        style={{ maxWidth: 360, width: '100%' }}
      />
      {resource && <ResourceLayout resource={resource} canSave={canSave} />}
    </Flex>
  )
}
