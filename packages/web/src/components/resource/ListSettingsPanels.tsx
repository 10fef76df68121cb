import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, SaveOutlined } from '@ant-design/icons'
import {
  LAYOUT_WIDTH,
  type LayoutColumn,
  LIST_DENSITIES,
  LIST_SETTINGS_LIMITS,
  type ListSettings,
  type ResourcePageData,
} from '@brokerdesk/shared'
import { Button, Checkbox, Divider, Input, InputNumber, List, Segmented, Space, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { defaultWidth, listColumnsOf } from './list-columns'
import { useListSettings, useSaveListSettings } from './list-settings-api'
import { fieldTitle } from './option-label'

/*
 * What the list-settings buttons open (ListSettingsButtons.tsx), a chunk of its own: a list shows
 * the buttons from the start, and loads their panels' widgets the first time one opens.
 */

/** Columns shown or not, their order and width, and the rows' density. */
export function ColumnSettingsPanel({ page }: { page: ResourcePageData }) {
  const { t } = useTranslation()
  const settings = useListSettings(page.resource)
  const save = useSaveListSettings(page.resource)
  const columns = listColumnsOf(page, settings.columns)
  const title = (column: string) =>
    fieldTitle(t, page.resource, {
      name: column,
      label: page.fields.find((f) => f.name === column)?.label ?? `fields.${column}`,
    })
  const store = (next: Partial<ListSettings>) => save.mutate({ ...settings, ...next })
  const storeColumns = (next: LayoutColumn[] | null) => store({ columns: next })
  const plain = columns.map(({ name, width, hidden }) => ({ name, width, hidden }))
  const move = (index: number, by: number) => {
    const next = [...plain]
    const [column] = next.splice(index, 1)
    next.splice(index + by, 0, column)
    storeColumns(next)
  }
  const change = (index: number, patch: Partial<LayoutColumn>) =>
    storeColumns(plain.map((column, at) => (at === index ? { ...column, ...patch } : column)))
  return (
    <Space orientation="vertical" style={{ width: 340, maxWidth: '80vw' }}>
      <Space wrap>
        <Typography.Text>{t('list.density')}</Typography.Text>
        <Segmented
          size="small"
          value={settings.density}
          onChange={(density) => store({ density })}
          options={LIST_DENSITIES.map((density) => ({ value: density, label: t(`list.density_${density}`) }))}
        />
      </Space>
      <List
        size="small"
        dataSource={columns}
        style={{ maxHeight: '50vh', overflowY: 'auto' }}
        renderItem={(column, index) => (
          <List.Item style={{ paddingInline: 0 }}>
            <Checkbox
              checked={!column.hidden}
              // A key column cannot be hidden: the list always shows what a record is.
              disabled={column.key && !column.hidden}
              onChange={(event) => change(index, { hidden: !event.target.checked })}
              style={{ flex: 1, minWidth: 0 }}
            >
              {title(column.name)}
            </Checkbox>
            <Space size={2}>
              <InputNumber
                key={String(column.width)}
                size="small"
                style={{ width: 72 }}
                min={LAYOUT_WIDTH.min}
                max={LAYOUT_WIDTH.max}
                placeholder={String(defaultWidth(page.fields.find((f) => f.name === column.name)))}
                aria-label={t('list.width', { column: title(column.name) })}
                defaultValue={column.width ?? undefined}
                onBlur={(event) => {
                  const value = Number(event.target.value)
                  const width =
                    event.target.value === '' || !Number.isFinite(value)
                      ? null
                      : Math.min(LAYOUT_WIDTH.max, Math.max(LAYOUT_WIDTH.min, Math.round(value)))
                  if (width !== column.width) change(index, { width })
                }}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                aria-label={t('list.move_up', { column: title(column.name) })}
                onClick={() => move(index, -1)}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                disabled={index === columns.length - 1}
                aria-label={t('list.move_down', { column: title(column.name) })}
                onClick={() => move(index, 1)}
              />
            </Space>
          </List.Item>
        )}
      />
      <Button size="small" onClick={() => storeColumns(null)} disabled={settings.columns === null}>
        {t('list.columns_reset')}
      </Button>
    </Space>
  )
}

/** The saved views: open one (then `onOpen`), save the list as it is, delete one. */
export function SavedViewsPanel({
  page,
  search,
  onOpen,
}: {
  page: ResourcePageData
  search: string
  onOpen: (search: string) => void
}) {
  const { t } = useTranslation()
  const settings = useListSettings(page.resource)
  const save = useSaveListSettings(page.resource)
  const [name, setName] = useState('')
  const views = settings.views
  const trimmed = name.trim()
  const keep = () => {
    if (!trimmed) return
    // A name used again is the same view, now with this list's state.
    const others = views.filter((view) => view.name !== trimmed)
    save.mutate({ ...settings, views: [...others, { name: trimmed, search }] })
    setName('')
  }
  return (
    <Space orientation="vertical" style={{ width: 300, maxWidth: '80vw' }}>
      {views.length === 0 ? (
        <Typography.Text type="secondary">{t('list.no_views')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={views}
          renderItem={(view) => (
            <List.Item style={{ paddingInline: 0 }}>
              <Button
                type="link"
                style={{ paddingInline: 0, maxWidth: 220 }}
                onClick={() => {
                  onOpen(view.search)
                }}
              >
                <Typography.Text ellipsis style={{ color: 'inherit' }}>
                  {view.name}
                </Typography.Text>
              </Button>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('list.view_delete', { name: view.name })}
                onClick={() => save.mutate({ ...settings, views: views.filter((other) => other !== view) })}
              />
            </List.Item>
          )}
        />
      )}
      <Divider style={{ margin: '4px 0' }} />
      <Space.Compact block>
        <Input
          value={name}
          maxLength={LIST_SETTINGS_LIMITS.viewName}
          placeholder={t('list.view_name')}
          aria-label={t('list.view_name')}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={keep}
        />
        <Button
          type="primary"
          icon={<SaveOutlined />}
          onClick={keep}
          disabled={
            !trimmed || (views.length >= LIST_SETTINGS_LIMITS.views && !views.some((v) => v.name === trimmed))
          }
        >
          {t('list.view_save')}
        </Button>
      </Space.Compact>
    </Space>
  )
}
