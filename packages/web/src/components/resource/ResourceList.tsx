import './resource.css'
import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  NumberOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons'
import type { FieldMeta, ResourcePageData } from '@brokerdesk/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Grid, Popconfirm, Space, Table, type TableProps } from 'antd'
import type { SorterResult } from 'antd/es/table/interface'
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { HttpError, type Params } from '../../api/http'
import { listSearchFor, listSearchOf, parseListSearch, rememberListSearch } from '../../state/list-state'
import { notify } from '../../state/notify'
import { ButtonLink } from '../ButtonLink'
import { LazyAlert } from '../LazyAlert'
import { ColumnSettingsButton, SavedViewsButton } from './ListSettingsButtons'
import { shownColumnsOf } from './list-columns'
import { listParams, rememberTree } from './list-prefetch'
import { useListSettings } from './list-settings-api'
import { displayValue, fieldTitle } from './option-label'
import { type PageAnchor, pagePosition, sortFollowsRows } from './page-position'
import { filterParams, filterValues, ResourceFilters } from './ResourceFilters'
import { deleteRows, flattenOptions, type Row, useResourceList } from './resource-api'
import { TransferButtons } from './transfer/TransferButtons'

const ImageCell = lazy(() => import('./ImageCell'))

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
  // The address holds the filters, sort, page and size (shared, reloaded, back/forward). A list
  // opened without them comes back as it was left in this tab, or with the page's initial filters.
  const location = useLocation()
  const navigate = useNavigate()
  const [opened] = useState(() => {
    const search = listSearchFor(name, location.search)
    const initial = initialFilters
      ? listSearchOf({ filters: filterParams(page.filters, initialFilters) })
      : ''
    return { key: location.key, search: search || initial }
  })
  const search = location.key === opened.key ? opened.search : location.search
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the list opens
  useEffect(() => {
    if (opened.search !== location.search) navigate({ search: opened.search }, { replace: true })
  }, [])
  useEffect(() => rememberListSearch(name, search), [name, search])
  const state = useMemo(() => parseListSearch(search), [search])
  const { filters, sort, page: pageNo } = state
  const perPage = state.perPage ?? page.per_page
  const filtersKey = listSearchOf({ filters })
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters change when their query does
  const values = useMemo(() => filterValues(page, filters), [page, filtersKey])
  // biome-ignore lint/correctness/useExhaustiveDependencies: told when the filters' query changes
  useEffect(() => onFiltersChange?.(filters), [filtersKey])
  /** Moves the list to another state: a new entry of the browser's history. */
  // The table may call back with a handler of an earlier render: moves start from the latest state.
  const latest = useRef(state)
  latest.current = state
  const go = (next: { filters?: Params; sort?: string; page?: number; perPage?: number }) => {
    const now = latest.current
    const target = listSearchOf({
      filters: now.filters,
      sort: now.sort,
      page: now.page,
      perPage: now.perPage,
      ...next,
    })
    rememberListSearch(name, target)
    navigate({ search: target })
  }
  const [counted, setCounted] = useState(false)
  const [selected, setSelected] = useState<number[]>([])
  useEffect(() => rememberTree(name, Boolean(page.tree)), [name, page.tree])
  // A deep page is asked for by position (page-position.ts): from the page shown, or back from the
  // end when the total is only an estimate (a big list), rather than by skipping every row before it.
  // The way is chosen when the page or the list changes, from where the list stood then.
  const shape = JSON.stringify([filters, sort, perPage, counted])
  const estimatedLast = useRef<number | undefined>(undefined)
  const anchor = useRef<PageAnchor | undefined>(undefined)
  const cursors = sortFollowsRows(sort, page.default_sort, page.position_sorts)
  // biome-ignore lint/correctness/useExhaustiveDependencies: chosen again only for another page or list
  const position = useMemo(
    () =>
      pagePosition({
        page: pageNo,
        perPage,
        shape,
        anchor: anchor.current,
        estimatedLast: estimatedLast.current,
        cursors,
      }),
    [pageNo, shape],
  )
  const params = {
    ...listParams({ filters, sort, page: pageNo, perPage, counted }, Boolean(page.tree)),
    ...position,
  }
  const list = useResourceList(name, params, can('list'))
  useEffect(() => {
    const data = list.data
    if (!data || list.isPlaceholderData) return
    const estimate = data.total === undefined && !data.total_exact ? data.total_estimate : undefined
    estimatedLast.current = estimate === undefined ? undefined : Math.max(1, Math.ceil(estimate / perPage))
    const rows = data.data
    anchor.current =
      rows.length > 0
        ? {
            shape,
            page: data.current_page,
            firstId: Number(rows[0].id),
            lastId: Number(rows[rows.length - 1].id),
          }
        : undefined
  }, [list.data, list.isPlaceholderData, perPage, shape])
  // A page too deep to be opened by its number, or a search too broad to be answered in time: the
  // server's 422 says what the user can do.
  const refused = list.error instanceof HttpError && list.error.status === 422 ? list.error : undefined
  const tooDeep = refused ? (refused.errors.page ?? refused.errors.skip)?.[0] : undefined
  const refusal =
    tooDeep ?? (refused ? (Object.values(refused.errors).flat()[0] ?? refused.message) : undefined)
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

  // Key columns (name, company, status, dates) come first and show at every width, the first one
  // staying in view while the others scroll; the lesser ones are cut short with their whole text
  // on hover, and give way on a phone.
  const settings = useListSettings(name)
  const shownColumns = shownColumnsOf(page, settings.columns)
  const screens = Grid.useBreakpoint()
  const columns: TableProps<Row>['columns'] = shownColumns.map(({ name: column, width, key }, index) => {
    const field = fields.get(column)
    const options = flattenOptions(page.options[column])
    const sortOrder = sort === column ? 'ascend' : sort === `-${column}` ? 'descend' : null
    return {
      key: column,
      dataIndex: column,
      title: fieldTitle(t, name, { name: column, label: field?.label ?? `fields.${column}` }),
      width,
      // kept in view when the table scrolls sideways; on a phone the row actions take that place
      fixed: index === 0 && key && screens.md ? 'left' : undefined,
      responsive: key ? undefined : ['md'],
      sorter: page.sorts.includes(column),
      sortOrder,
      ellipsis: !key && field?.input !== 'image',
      render: (value: unknown, row: Row) => {
        if (cells[column]) return cells[column](value, row)
        if (field?.input === 'image') {
          return value ? (
            // the cell keeps its size while the picture's chunk loads
            <Suspense fallback={<span className="bd-image-cell" />}>
              <ImageCell
                src={String(value)}
                // the picture opens larger on a click: that button is named by its column and row
                label={`${t('actions.preview')}: ${fieldTitle(t, name, { name: column, label: field.label ?? `fields.${column}` })} #${row.id}`}
              />
            </Suspense>
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
  // The table is as wide as the columns shown at this width (and no narrower than the page): it
  // scrolls only when they do not fit, so on a phone the row actions stay beside the name.
  const tableWidth = (columns ?? [])
    .filter((column) => !column.responsive || column.responsive.some((point) => screens[point]))
    .reduce((sum, column) => sum + (Number(column.width) || 0), can('delete') ? 48 : 0)
  // A click on a header sorts (from the first page); the pager moves or resizes the page.
  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined
      const next =
        s?.order && s.columnKey ? `${s.order === 'descend' ? '-' : ''}${String(s.columnKey)}` : undefined
      go({ sort: next, page: 1 })
    } else if (extra.action === 'paginate') {
      const shownSize = latest.current.perPage ?? page.per_page
      const size = pagination.pageSize ?? shownSize
      go({
        page: size === shownSize ? (pagination.current ?? 1) : 1,
        perPage: size === page.per_page ? undefined : size,
      })
    }
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <ResourceFilters
        key={filtersKey}
        page={page}
        initialValues={values}
        onSearch={(next) => go({ filters: next, page: 1 })}
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
          <SavedViewsButton page={page} search={search} onOpen={(next) => navigate({ search: next })} />
          <ColumnSettingsButton page={page} />
          <Button icon={<ReloadOutlined />} aria-label={t('list.refresh')} onClick={refresh} />
        </Space>
      </Space>
      {refusal && (
        <LazyAlert
          type="warning"
          showIcon
          title={refusal}
          action={
            tooDeep && (
              <Space wrap>
                <Button size="small" onClick={() => go({ page: 1 })}>
                  {t('list.first_page')}
                </Button>
                {estimatedLast.current !== undefined && (
                  <Button size="small" onClick={() => go({ page: estimatedLast.current })}>
                    {t('list.last_page')}
                  </Button>
                )}
              </Space>
            )
          }
        />
      )}
      <Table<Row>
        rowKey="id"
        size={settings.density}
        loading={list.isFetching}
        columns={columns}
        dataSource={page.tree ? pruneChildren(answer?.data ?? []) : (answer?.data ?? [])}
        tableLayout="fixed"
        scroll={{ x: tableWidth }}
        onChange={onChange}
        rowSelection={
          can('delete')
            ? { fixed: true, selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
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
                showQuickJumper: true,
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
