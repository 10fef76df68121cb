import { Flex, Table, type TableProps, Typography } from 'antd'
import type { ReactNode } from 'react'
import { menuLabel } from '../../i18n/menu-label'
import { PageFrame, QueryState } from '../resource/ResourcePage'

/**
 * An admin page that is one table of rows with an `id` (the jobs, the webhooks): the title and what
 * stands beside it, a line saying what the page is for, the rows once read. The drawers and modals
 * the rows open are its children.
 */
export function TablePage<Row extends { id: string | number }>({
  title,
  extra,
  intro,
  query,
  rows,
  columns,
  emptyText,
  children,
}: {
  /** The page's menu name. */
  title: string
  extra?: ReactNode
  intro: string
  /** How the reading of the rows is going: a refusal or failure is shown instead of the table. */
  query: { error: unknown; isPending: boolean }
  rows: Row[] | undefined
  columns: TableProps<Row>['columns']
  emptyText?: string
  children?: ReactNode
}) {
  return (
    <PageFrame title={menuLabel(title)} extra={extra}>
      {rows === undefined ? (
        <QueryState error={query.error} loading={query.isPending} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{intro}</Typography.Text>
          <Table<Row>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            pagination={false}
            locale={emptyText ? { emptyText: <span className="bd-empty-text">{emptyText}</span> } : undefined}
            scroll={{ x: 'max-content' }}
          />
        </Flex>
      )}
      {children}
    </PageFrame>
  )
}
