import './resource.css'
import type { ResourcePageData } from '@brokerdesk/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Space, Table, type TablePaginationConfig } from 'antd'
import type { TFunction } from 'i18next'
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Params } from '../../api/http'
import { listSearchOf } from '../../state/list-state'
import { LazyAlert } from '../LazyAlert'
import { useBulkEdit } from './BulkEditButton'
import { FiltersButton, ListToolbar } from './ListToolbar'
import { rememberTree } from './list-prefetch'
import { filterValues, ResourceFilters } from './ResourceFilters'
import type { ListAnswer, Row } from './resource-api'
import { UNMEASURED_TABLE } from './unmeasured-body'
import { useListAddress } from './use-list-address'
import { useNarrow } from './use-narrow'
import { usePositionedList } from './use-positioned-list'
import { useRemoveRows } from './use-remove-rows'
import { type CellRenderer, useTableColumns } from './use-table-columns'

export type { CellRenderer } from './use-table-columns'

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

/** A list's page the server refused (a page too deep, a search too broad): why, and where to go instead. */
function ListRefusal({ text, onFirst, onLast }: { text: string; onFirst?: () => void; onLast?: () => void }) {
  const { t } = useTranslation()
  return (
    <LazyAlert
      type="warning"
      showIcon
      title={text}
      action={
        onFirst && (
          <Space wrap>
            <Button size="small" onClick={onFirst}>
              {t('list.first_page')}
            </Button>
            {onLast && (
              <Button size="small" onClick={onLast}>
                {t('list.last_page')}
              </Button>
            )}
          </Space>
        )
      }
    />
  )
}

/** The pager of a list's answer: counted, or about as many as the database estimates at once (Count gives the exact number). */
function pagerOf(
  answer: ListAnswer,
  options: { current: number; perPage: number; page: ResourcePageData; t: TFunction; language: string },
): TablePaginationConfig {
  const { current, perPage, page, t, language } = options
  const counted = answer.total !== undefined || answer.total_exact
  return {
    current,
    pageSize: perPage,
    pageSizeOptions: page.per_page_options,
    showSizeChanger: true,
    showQuickJumper: true,
    total: answer.total ?? answer.total_estimate ?? (answer.last_page ?? 1) * perPage,
    showTotal:
      answer.total !== undefined || answer.total_estimate !== undefined
        ? (total) => t(counted ? 'list.total' : 'list.about', { total: total.toLocaleString(language) })
        : undefined,
  }
}

/** The list's reload and its exact count, the same functions while it stays (for the toolbar's tools). */
function useListActions(name: string) {
  const queryClient = useQueryClient()
  const [counted, setCounted] = useState(false)
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ['resource', name] }),
    [queryClient, name],
  )
  const count = useCallback(() => setCounted(true), [])
  return { counted, count, refresh }
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
  const name = page.resource
  const can = (action: string) => (page.actions as string[]).includes(action)
  const { search, place, go, open, onTableChange } = useListAddress(page, initialFilters)
  const { filters, sort, page: pageNo } = place
  const filtersKey = listSearchOf({ filters })
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters change when their query does
  const values = useMemo(() => filterValues(page, filters), [page, filtersKey])
  // biome-ignore lint/correctness/useExhaustiveDependencies: told when the filters' query changes
  useEffect(() => onFiltersChange?.(filters), [filtersKey])
  // On a phone the filters wait behind a button that says how many are set.
  const narrow = useNarrow()
  const [filtersShown, setFiltersShown] = useState(false)
  const onSearch = useCallback(
    (next: Params) => {
      setFiltersShown(false)
      go({ filters: next, page: 1 })
    },
    [go],
  )
  const { counted, count, refresh } = useListActions(name)
  useEffect(() => rememberTree(name, Boolean(page.tree)), [name, page.tree])
  const { list, perPage, refusal, tooDeep, estimatedLast } = usePositionedList(page, place, {
    counted,
    enabled: can('list'),
  })

  // What an export follows: the same object while the filters and sort stay.
  const exportParams = useMemo(() => ({ ...filters, sort }), [filters, sort])
  const { selected, select, ...bulk } = useBulkEdit({ page, filters, answer: list.data, refresh })
  const remove = useRemoveRows(name, () => {
    select([])
    return refresh()
  })
  const { columns, tableWidth, density } = useTableColumns({ page, sort, cells, rowActions, can, remove })
  const selection = bulk.rowSelection(can('delete'))
  // Only the first column kept in view after the row selection (wide screens) needs rc-table to
  // measure its columns: its offset is the selection's drawn width. Elsewhere the fixed columns sit
  // at the edges, and measuring cost a cold phone list a forced layout and a second drawing of
  // every cell in the task that brings the rows (390 px, CPU 4×: blocking 984 → 803 ms, median).
  const measured = selection !== undefined && columns[0]?.fixed === 'left'

  const answer = list.data
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {(!narrow || filtersShown) && (
        <ResourceFilters key={filtersKey} page={page} initialValues={values} onSearch={onSearch} />
      )}
      <ListToolbar
        page={page}
        can={can}
        params={exportParams}
        search={search}
        onOpenView={open}
        selected={selected}
        onDeleteSelected={() => remove(selected)}
        bulkEdit={bulk.button}
        counted={counted}
        onCount={count}
        onRefresh={refresh}
        extra={toolbar}
        narrow={narrow}
        filterButton={
          narrow && page.filters.length > 0 ? (
            <FiltersButton
              count={Object.keys(filters).length}
              shown={filtersShown}
              onToggle={() => setFiltersShown((shown) => !shown)}
            />
          ) : undefined
        }
      />
      {bulk.bar}
      {refusal && (
        <ListRefusal
          text={refusal}
          onFirst={tooDeep ? () => go({ page: 1 }) : undefined}
          onLast={tooDeep && estimatedLast !== undefined ? () => go({ page: estimatedLast }) : undefined}
        />
      )}
      <Table<Row>
        rowKey="id"
        size={density}
        loading={list.isFetching}
        columns={columns}
        dataSource={page.tree ? pruneChildren(answer?.data ?? []) : (answer?.data ?? [])}
        tableLayout="fixed"
        scroll={{ x: tableWidth }}
        components={measured ? undefined : UNMEASURED_TABLE}
        onChange={onTableChange}
        rowSelection={selection}
        // No pager before the first rows: drawn under an empty table it sat in view, and the rows
        // pushed it down (a layout shift of 0.02–0.04 on a loaded phone).
        pagination={
          page.tree || !answer
            ? false
            : pagerOf(answer, {
                current: answer?.current_page ?? pageNo,
                perPage,
                page,
                t,
                language: i18n.language,
              })
        }
      />
    </Space>
  )
}
