import { EditOutlined } from '@ant-design/icons'
import type { ResourcePageData } from '@brokerdesk/shared'
import { Button } from 'antd'
import type { TableRowSelection } from 'antd/es/table/interface'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { lazyPart } from '../../app/lazy-part'
import { listSearchOf } from '../../state/list-state'
import { LazyAlert } from '../LazyAlert'
import type { BulkTarget, ListAnswer, Row } from './resource-api'

const drawer = () => import('./BulkEditDrawer')
const BulkEditDrawer = lazyPart(
  () => drawer().then((module) => ({ default: module.BulkEditDrawer })),
  undefined,
  'BulkEditDrawer',
)

/** Whether this user may edit the list's records in bulk: the update action and a bulk-editable field. */
export const canBulkEdit = (page: ResourcePageData) =>
  (page.actions as string[]).includes('update') && page.fields.some((field) => field.bulk)

interface BulkEditButtonProps {
  page: ResourcePageData
  target: BulkTarget
  /** How many records the target holds (as the list counted or estimated them). */
  count: number
  /** The rows of the page shown, to name the records the edit left alone. */
  rows: readonly Row[]
  onDone: () => void
}

/** "Bulk edit" beside the batch delete; its drawer (a chunk of its own) loads when first wanted. */
export function BulkEditButton({ page, target, count, rows, onDone }: BulkEditButtonProps) {
  const { t } = useTranslation()
  // The records as they were when the drawer opened: the list's selection is cleared once they change.
  const [opened, setOpened] = useState<{ target: BulkTarget; count: number; rows: readonly Row[] }>()
  return (
    <>
      <Button
        icon={<EditOutlined />}
        disabled={count === 0}
        onPointerEnter={() => void drawer()}
        onClick={() => setOpened({ target, count, rows })}
      >
        {t('bulk_edit.button')}
      </Button>
      {opened && (
        <BulkEditDrawer page={page} {...opened} onDone={onDone} onClose={() => setOpened(undefined)} />
      )}
    </>
  )
}

interface SelectAllMatchingProps {
  /** Rows selected on the page, and rows the page shows. */
  selected: number
  shown: number
  /** How many match the filters: counted, or estimated (`about`). */
  total: number | undefined
  counted: boolean
  allMatching: boolean
  onSelectAll: () => void
  onClear: () => void
}

/**
 * Once every row of a page with more after it is selected: "select all N matching this filter";
 * then, while all are: "all N are selected", with a way back.
 */
export function SelectAllMatching(props: SelectAllMatchingProps) {
  const { t, i18n } = useTranslation()
  const { selected, shown, total, counted, allMatching } = props
  if (total === undefined || (!allMatching && (selected === 0 || selected < shown || total <= shown)))
    return null
  const number = total.toLocaleString(i18n.language)
  const shownTotal = counted ? number : t('bulk_edit.about', { total: number })
  return (
    <LazyAlert
      type="info"
      role="status"
      className="bd-select-all"
      title={
        allMatching
          ? t('bulk_edit.all_selected', { total: shownTotal })
          : t('bulk_edit.page_selected', { count: selected })
      }
      action={
        <Button size="small" type="link" onClick={allMatching ? props.onClear : props.onSelectAll}>
          {allMatching ? t('bulk_edit.clear') : t('bulk_edit.select_all', { total: shownTotal })}
        </Button>
      }
    />
  )
}

/**
 * A list's selection and its bulk edit, for the users it is offered to: the selected rows, the
 * toolbar's button and the "select all N matching this filter" bar. "All matching" lasts until the
 * selection or the filters change.
 */
export function useBulkEdit(options: {
  page: ResourcePageData
  filters: Record<string, string>
  answer: ListAnswer | undefined
  refresh: () => unknown
}) {
  const { page, filters, answer } = options
  const [selected, setSelected] = useState<number[]>([])
  const [allMatching, setAllMatching] = useState(false)
  const filtersKey = listSearchOf({ filters })
  // biome-ignore lint/correctness/useExhaustiveDependencies: the choice ends when the filters' query changes
  useEffect(() => setAllMatching(false), [filtersKey])
  const offered = canBulkEdit(page) && !page.tree
  const matching = answer?.total ?? answer?.total_estimate
  const select = (keys: number[]) => {
    setSelected(keys)
    setAllMatching(false)
  }
  /** The table's row selection: for a batch delete, a bulk edit, or neither. */
  const rowSelection = (deletable: boolean): TableRowSelection<Row> | undefined =>
    deletable || offered
      ? { fixed: true, selectedRowKeys: selected, onChange: (keys) => select(keys as number[]) }
      : undefined
  if (!offered) return { selected, select, rowSelection, button: null, bar: null }
  const button = (
    <BulkEditButton
      page={page}
      target={allMatching ? { filter: filters } : { ids: selected }}
      count={allMatching ? (matching ?? 0) : selected.length}
      rows={answer?.data ?? []}
      onDone={() => {
        select([])
        void options.refresh()
      }}
    />
  )
  const bar = (
    <SelectAllMatching
      selected={selected.length}
      shown={answer?.data.length ?? 0}
      total={matching}
      counted={answer?.total !== undefined || Boolean(answer?.total_exact)}
      allMatching={allMatching}
      onSelectAll={() => setAllMatching(true)}
      onClear={() => select([])}
    />
  )
  return { selected, select, rowSelection, button, bar }
}
