import { Drawer, Table, type TableProps } from 'antd'

/**
 * The log of one row of an admin table (a job's runs, a webhook's deliveries) in a drawer: the newest
 * first as the server sends them, a page at a time, each entry unfolding to what did not fit a line.
 */
export function LogDrawer<Entry extends { id: string | number }>({
  open,
  onClose,
  title,
  width,
  entries,
  loading,
  columns,
  pageSize,
  expandable,
  emptyText,
}: {
  open: boolean
  onClose: () => void
  title: string
  /** The widest the drawer gets, in pixels (never wider than the screen). */
  width: number
  entries: Entry[]
  loading: boolean
  columns: TableProps<Entry>['columns']
  pageSize: number
  expandable: TableProps<Entry>['expandable']
  emptyText: string
}) {
  return (
    <Drawer open={open} onClose={onClose} width={`min(${width}px, 100vw)`} title={title} destroyOnHidden>
      <Table<Entry>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={entries}
        loading={loading}
        pagination={{ pageSize, showSizeChanger: false, hideOnSinglePage: true }}
        expandable={expandable}
        locale={{ emptyText: <span className="bd-empty-text">{emptyText}</span> }}
        scroll={{ x: 'max-content' }}
      />
    </Drawer>
  )
}
