import './resource.css'
import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  NumberOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons'
import { arrangeColumns, type FieldMeta, type ResourcePageData } from '@brokerdesk/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Image, Popconfirm, Space, Table, type TableProps } from 'antd'
import type { SorterResult } from 'antd/es/table/interface'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError, type Params } from '../../api/http'
import { savedListState, saveListState } from '../../state/list-state'
import { notify } from '../../state/notify'
import { ButtonLink } from '../ButtonLink'
import { listParams, rememberTree } from './list-prefetch'
import { displayValue, fieldTitle } from './option-label'
import { filterParams, ResourceFilters } from './ResourceFilters'
import { deleteRows, flattenOptions, type Row, useResourceList } from './resource-api'
import { TransferButtons } from './transfer/TransferButtons'

export type CellRenderer = (value: unknown, row: Row) => ReactNode

export interface ResourceListProps {
  page: ResourcePageData
  /** Cells shown otherwise than as text, by column. */
  cells?: Record<string, CellRenderer>
  /** More buttons in the toolbar. */
  toolbar?: ReactNode
  /** More buttons in each row's action cell, before edit and delete. */
  rowActions?: (row: Row) => ReactNode
  /** Called with the filters of every search (e.g. for a "delete what the filter matches" button). */
  onFiltersChange?: (params: Params) => void
  /** The filter form's values when the list opens afresh (not when it comes back as it was left). */
  initialFilters?: Record<string, unknown>
}

/** Drops the empty child lists of a tree answer, so leaves show no expand button. */
function pruneChildren(rows: Row[]): Row[] {
  return rows.map((row) => {
    const children = row.children as Row[] | undefined
    if (!Array.isArray(children)) return row
    const { children: _, ...rest } = row
    return children.length > 0 ? { ...rest, id: row.id, children: pruneChildren(children) } : (rest as Row)
  })
}

/** The list of a resource: filters, server-sorted columns, pagination, selection and the actions the user may do. */
export function ResourceList({
  page,
  cells = {},
  toolbar,
  rowActions,
  onFiltersChange,
  initialFilters,
}: ResourceListProps) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const name = page.resource
  const can = (action: string) => (page.actions as string[]).includes(action)
  // The list comes back as it was left (filters, sort, page) after opening a record.
  const [saved] = useState(() => savedListState(name))
  const [values, setValues] = useState<Record<string, unknown>>(saved?.values ?? initialFilters ?? {})
  const [filters, setFilters] = useState<Params>(
    () => saved?.filters ?? (initialFilters ? filterParams(page.filters, initialFilters) : {}),
  )
  const [sort, setSort] = useState<string | undefined>(saved?.sort)
  const [pageNo, setPageNo] = useState(saved?.page ?? 1)
  const [perPage, setPerPage] = useState(saved?.perPage ?? page.per_page)
  const [counted, setCounted] = useState(saved?.counted ?? false)
  useEffect(() => {
    saveListState(name, { values, filters, sort, page: pageNo, perPage, counted })
  }, [name, values, filters, sort, pageNo, perPage, counted])
  const [selected, setSelected] = useState<number[]>([])
  useEffect(() => rememberTree(name, Boolean(page.tree)), [name, page.tree])
  // When the total is only an estimate (a big list), its last page is asked for by position
  // (last=1: the last rows, read backwards from the index) rather than by skipping every row before it.
  const [estimatedLast, setEstimatedLast] = useState<number | undefined>()
  const params = {
    ...listParams({ filters, sort, page: pageNo, perPage, counted }, Boolean(page.tree)),
    last: pageNo > 1 && pageNo === estimatedLast ? 1 : undefined,
  }
  const list = useResourceList(name, params, can('list'))
  useEffect(() => {
    const data = list.data
    if (!data || list.isPlaceholderData) return
    const estimate = data.total === undefined && !data.total_exact ? data.total_estimate : undefined
    setEstimatedLast(estimate === undefined ? undefined : Math.max(1, Math.ceil(estimate / perPage)))
  }, [list.data, list.isPlaceholderData, perPage])
  const fields = useMemo(() => new Map<string, FieldMeta>(page.fields.map((f) => [f.name, f])), [page.fields])

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['resource', name] })
  const remove = async (ids: number[]) => {
    try {
      await deleteRows(name, ids)
    } catch (error) {
      // A refusal (e.g. a node that still has children) says why; other errors were already told.
      if (error instanceof HttpError && error.status === 422) {
        notify('danger', Object.values(error.errors).flat()[0] ?? error.message)
      }
      return
    }
    notify('success', t('messages.success', { action: t('actions.delete') }))
    setSelected([])
    await refresh()
  }

  // A reference shows by its name when the page lists both (`parent_id` beside `parent_name`);
  // the layout saved in the developer console orders, sizes and hides the columns.
  const shownColumns = arrangeColumns(
    page.columns.filter(
      (column) => !(column.endsWith('_id') && page.columns.includes(column.replace(/_id$/, '_name'))),
    ),
    page.layout,
  )
  const columns: TableProps<Row>['columns'] = shownColumns.map(({ name: column, width }) => {
    const field = fields.get(column)
    const options = flattenOptions(page.options[column])
    const sortOrder = sort === column ? 'ascend' : sort === `-${column}` ? 'descend' : null
    return {
      key: column,
      dataIndex: column,
      title: fieldTitle(t, name, { name: column, label: field?.label ?? `fields.${column}` }),
      width: width ?? undefined,
      sorter: page.sorts.includes(column),
      sortOrder,
      ellipsis: field?.type === 'string' && field.input !== 'image',
      render: (value: unknown, row: Row) => {
        if (cells[column]) return cells[column](value, row)
        if (field?.input === 'image') {
          return value ? (
            <Image src={String(value)} width={40} height={40} style={{ objectFit: 'contain' }} alt="" />
          ) : (
            t('messages.missing_value')
          )
        }
        return displayValue(t, field, value, options)
      },
    }
  })
  if (rowActions || can('update') || can('show') || can('delete')) {
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
              aria-label={`${t(can('update') ? 'actions.update' : 'actions.show')} #${row.id}`}
            />
          )}
          {can('delete') && (
            <Popconfirm title={t('list.delete_confirm', { count: 1 })} onConfirm={() => remove([row.id])}>
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('actions.delete')} #${row.id}`}
              />
            </Popconfirm>
          )}
        </Space>
      ),
    })
  }

  const answer = list.data
  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined
    const next =
      s?.order && s.columnKey ? `${s.order === 'descend' ? '-' : ''}${String(s.columnKey)}` : undefined
    if (next !== sort) {
      setSort(next)
      setPageNo(1)
    } else {
      setPageNo(pagination.current ?? 1)
      setPerPage(pagination.pageSize ?? perPage)
    }
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <ResourceFilters
        page={page}
        initialValues={values}
        onSearch={(next, formValues) => {
          setFilters(next)
          setValues(formValues)
          setPageNo(1)
          onFiltersChange?.(next)
        }}
      />
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>
          {can('create') && (
            <ButtonLink to={`/admin/${name}/create`} type="primary" icon={<PlusOutlined />}>
              {t('actions.create')}
            </ButtonLink>
          )}
          {can('delete') && (
            <Popconfirm
              title={t('list.delete_confirm', { count: selected.length })}
              onConfirm={() => remove(selected)}
              disabled={selected.length === 0}
            >
              <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0}>
                {t('list.batch_delete')}
              </Button>
            </Popconfirm>
          )}
          {toolbar}
        </Space>
        <Space wrap>
          <TransferButtons
            resource={name}
            canExport={can('export')}
            canImport={can('import')}
            params={{ ...filters, sort }}
            keys={page.fields.filter((f) => f.export).map((f) => f.name)}
            onImported={refresh}
          />
          {!page.tree && (
            <Button icon={<NumberOutlined />} onClick={() => setCounted(true)} disabled={counted}>
              {t('list.count')}
            </Button>
          )}
          <Button icon={<ReloadOutlined />} aria-label={t('list.refresh')} onClick={refresh} />
        </Space>
      </Space>
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={page.tree ? pruneChildren(answer?.data ?? []) : (answer?.data ?? [])}
        scroll={{ x: 'max-content' }}
        onChange={onChange}
        rowSelection={
          can('delete')
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        pagination={
          page.tree
            ? false
            : {
                current: answer?.current_page ?? pageNo,
                pageSize: perPage,
                pageSizeOptions: page.per_page_options,
                showSizeChanger: true,
                total: answer?.total ?? answer?.total_estimate ?? (answer?.last_page ?? 1) * perPage,
                // Counted, or about as many as the database estimates at once (Count gives the exact number).
                showTotal:
                  answer?.total !== undefined || answer?.total_estimate !== undefined
                    ? (total) =>
                        t(answer?.total !== undefined || answer?.total_exact ? 'list.total' : 'list.about', {
                          total: total.toLocaleString(i18n.language),
                        })
                    : undefined,
              }
        }
      />
    </Space>
  )
}
