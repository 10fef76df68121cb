import { EditOutlined, EyeOutlined } from '@ant-design/icons'
import type { FieldMeta, ResourcePageData } from '@brokerdesk/shared'
import { Space, type TableProps } from 'antd'
import { type ReactNode, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { lazyPart } from '../../app/lazy-part'
import { ButtonLink } from '../ButtonLink'
import { shownColumnsOf } from './list-columns'
import { useListSettings } from './list-settings-api'
import { displayValue, fieldTitle, rememberingT } from './option-label'
import { RowDeleteButton } from './RowDeleteButton'
import { flattenOptions, type Row } from './resource-api'
import { useMediumUp } from './use-narrow'

/** A picture cell: its chunk loads with the first one shown, the cell keeping its size meanwhile. */
const ImageCell = lazyPart(
  () => import('./ImageCell'),
  () => <span className="bd-image-cell" />,
)

export type CellRenderer = (value: unknown, row: Row) => ReactNode

interface ColumnsOptions {
  page: ResourcePageData
  sort: string | undefined
  cells: Record<string, CellRenderer>
  rowActions?: (row: Row) => ReactNode
  can: (action: string) => boolean
  remove: (ids: number[]) => void
}

/**
 * The table's columns: the user's shown columns (list settings) with the server's sorts, and the
 * row actions. Key columns (name, company, status, dates) come first and show at every width, the
 * first one staying in view while the others scroll; the lesser ones are cut short with their whole
 * text on hover, and give way on a phone. Also the table's width: as wide as the columns shown at
 * this width, so it scrolls only when they do not fit and on a phone the row actions stay beside the
 * name.
 */
export function useTableColumns({ page, sort, cells, rowActions, can, remove }: ColumnsOptions) {
  const { t } = useTranslation()
  const name = page.resource
  const fields = useMemo(() => new Map<string, FieldMeta>(page.fields.map((f) => [f.name, f])), [page.fields])
  const settings = useListSettings(name)
  // Known at the first render: the table draws its rows once for this width.
  const wide = useMediumUp()
  const shown = shownColumnsOf(page, settings.columns).filter(({ key }) => key || wide)
  // The cells ask the same few texts on every row (an option's label, "--"): each is looked up once.
  const text = rememberingT(t)
  const columns: NonNullable<TableProps<Row>['columns']> = shown.map(
    ({ name: column, width, key }, index) => {
      const field = fields.get(column)
      const options = flattenOptions(page.options[column])
      const title = fieldTitle(t, name, { name: column, label: field?.label ?? `fields.${column}` })
      return {
        key: column,
        dataIndex: column,
        title,
        width,
        // kept in view when the table scrolls sideways; on a phone the row actions take that place
        fixed: index === 0 && key && wide ? 'left' : undefined,
        sorter: page.sorts.includes(column),
        sortOrder: sort === column ? 'ascend' : sort === `-${column}` ? 'descend' : null,
        ellipsis: !key && field?.input !== 'image',
        render: (value: unknown, row: Row) => {
          if (cells[column]) return cells[column](value, row)
          if (field?.input !== 'image') return displayValue(text, field, value, options)
          if (!value) return t('messages.missing_value')
          return (
            // the picture opens larger on a click: that button is named by its column and row
            <ImageCell src={String(value)} label={`${t('actions.preview')}: ${title} #${row.id}`} />
          )
        },
      }
    },
  )
  if (rowActions || can('update') || can('show') || can('delete')) {
    // Each row's buttons are named by the action and the row: the action's words are found once.
    const openLabel = t(can('update') ? 'actions.update' : 'actions.show')
    const deleteLabel = t('actions.delete')
    const deleteQuestion = t('list.delete_confirm', { count: 1 })
    columns.push({
      key: 'actions',
      title: t('actions.operate'),
      fixed: 'right',
      width: rowActions ? 150 : 120,
      render: (_: unknown, row: Row) => (
        <Space size={0}>
          {rowActions?.(row)}
          {(can('update') || can('show')) && (
            <ButtonLink
              to={`/admin/${name}/${row.id}`}
              type="link"
              size="small"
              icon={can('update') ? <EditOutlined /> : <EyeOutlined />}
              aria-label={`${openLabel} #${row.id}`}
            />
          )}
          {can('delete') && (
            <RowDeleteButton
              label={`${deleteLabel} #${row.id}`}
              title={deleteQuestion}
              onConfirm={() => remove([row.id])}
            />
          )}
        </Space>
      ),
    })
  }
  const tableWidth = columns.reduce(
    (sum, column) => sum + (Number(column.width) || 0),
    can('delete') ? 48 : 0,
  )
  return { columns, tableWidth, density: settings.density }
}
