import {
  DeleteOutlined,
  EllipsisOutlined,
  FilterOutlined,
  NumberOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons'
import type { ResourcePageData } from '@brokerdesk/shared'
import { Button, Popconfirm, Popover, Space } from 'antd'
import { memo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Params } from '../../api/http'
import { ButtonLink } from '../ButtonLink'
import { ColumnSettingsButton, SavedViewsButton } from './ListSettingsButtons'
import { TransferButtons } from './transfer/TransferButtons'

interface ListToolbarProps {
  page: ResourcePageData
  can: (action: string) => boolean
  /** The list's filters and sort: what an export follows. */
  params: Params
  /** The list's address query (what a saved view keeps), and how another one opens. */
  search: string
  onOpenView: (search: string) => void
  selected: number[]
  onDeleteSelected: () => void
  /** The bulk edit of the selected records (or of all the filter matches), beside the batch delete. */
  bulkEdit?: ReactNode
  counted: boolean
  onCount: () => void
  onRefresh: () => void
  /** The page's own buttons, after the list's. */
  extra?: ReactNode
  /**
   * A phone-narrow screen: the filters' button leads, and the buttons that are not about creating
   * or the selection (export, import, count, views, columns, refresh) go into one "more" menu.
   */
  narrow?: boolean
  /** The button that shows the filters (on a narrow screen). */
  filterButton?: ReactNode
}

/** The button that shows or hides a list's filters on a phone, saying how many are set. */
export function FiltersButton({
  count,
  shown,
  onToggle,
}: {
  count: number
  shown: boolean
  onToggle: () => void
}) {
  const { t } = useTranslation()
  return (
    <Button
      icon={<FilterOutlined />}
      type={count > 0 ? 'primary' : 'default'}
      ghost={count > 0}
      aria-expanded={shown}
      onClick={onToggle}
    >
      {count > 0 ? t('list.filter_count', { count }) : t('list.filter')}
    </Button>
  )
}

interface ListToolsProps {
  page: ResourcePageData
  canExport: boolean
  canImport: boolean
  params: Params
  search: string
  onOpenView: (search: string) => void
  counted: boolean
  onCount: () => void
  onRefresh: () => void
  narrow: boolean
}

/**
 * Export, import, count, views, columns and refresh. Drawn again only when its own props change: the
 * list's answer redraws the toolbar (the bulk edit counts the rows), not these buttons.
 */
const ListTools = memo(function ListTools({
  page,
  canExport,
  canImport,
  params,
  search,
  onOpenView,
  counted,
  onCount,
  onRefresh,
  narrow,
}: ListToolsProps) {
  const { t } = useTranslation()
  return (
    <Space wrap className={narrow ? 'bd-list-more' : undefined}>
      <TransferButtons
        resource={page.resource}
        canExport={canExport}
        canImport={canImport}
        params={params}
        fields={page.fields.filter((f) => f.export)}
        onImported={onRefresh}
      />
      {!page.tree && (
        <Button icon={<NumberOutlined />} onClick={onCount} disabled={counted}>
          {t('list.count')}
        </Button>
      )}
      <SavedViewsButton page={page} search={search} onOpen={onOpenView} />
      <ColumnSettingsButton page={page} />
      <Button icon={<ReloadOutlined />} aria-label={t('list.refresh')} onClick={onRefresh}>
        {narrow && t('list.refresh')}
      </Button>
    </Space>
  )
})

/**
 * The buttons above a list: create and delete the selected on one side; export, import, count, views,
 * columns and refresh on the other (in a "more" menu on a phone).
 */
export function ListToolbar({
  page,
  can,
  params,
  search,
  onOpenView,
  selected,
  onDeleteSelected,
  bulkEdit,
  counted,
  onCount,
  onRefresh,
  extra,
  narrow = false,
  filterButton,
}: ListToolbarProps) {
  const { t } = useTranslation()
  const name = page.resource
  const secondary = (
    <ListTools
      page={page}
      canExport={can('export')}
      canImport={can('import')}
      params={params}
      search={search}
      onOpenView={onOpenView}
      counted={counted}
      onCount={onCount}
      onRefresh={onRefresh}
      narrow={narrow}
    />
  )
  return (
    <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
      <Space wrap>
        {filterButton}
        {can('create') && (
          <ButtonLink to={`/admin/${name}/create`} type="primary" icon={<PlusOutlined />}>
            {t('actions.create')}
          </ButtonLink>
        )}
        {can('delete') && (!narrow || selected.length > 0) && (
          <Popconfirm
            title={t('list.delete_confirm', { count: selected.length })}
            onConfirm={onDeleteSelected}
            disabled={selected.length === 0}
          >
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0}>
              {t('list.batch_delete')}
            </Button>
          </Popconfirm>
        )}
        {bulkEdit}
        {extra}
      </Space>
      {narrow ? (
        <Popover trigger="click" placement="bottomRight" content={secondary}>
          <Button icon={<EllipsisOutlined />}>{t('list.more')}</Button>
        </Popover>
      ) : (
        secondary
      )}
    </Space>
  )
}
