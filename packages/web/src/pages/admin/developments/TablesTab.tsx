import type { TableColumn, TableInfo } from '@brokerdesk/shared'
import { Input, Table, type TableProps, Tag, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { QueryState } from '../../../components/resource/ResourcePage'
import { useTables } from './developments-api'

/** The columns of one table: name, type, null or not, default, comment. */
function ColumnsTable({ table }: { table: TableInfo }) {
  const { t } = useTranslation()
  const columns: TableProps<TableColumn>['columns'] = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('developments.tables.column'),
      render: (v) => <code>{v}</code>,
    },
    { key: 'type', dataIndex: 'type', title: t('developments.tables.type') },
    {
      key: 'nullable',
      dataIndex: 'nullable',
      title: t('developments.tables.nullable'),
      render: (v: boolean) => t(v ? 'list.yes' : 'list.no'),
    },
    {
      key: 'default',
      dataIndex: 'default',
      title: t('developments.tables.default'),
      ellipsis: true,
      render: (v: string | null) => (v === null ? t('messages.missing_value') : <code>{v}</code>),
    },
    { key: 'comment', dataIndex: 'comment', title: t('developments.tables.comment') },
  ]
  return (
    <Table<TableColumn>
      rowKey="name"
      size="small"
      columns={columns}
      dataSource={table.columns}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  )
}

/** The database's tables with their columns, searched by table name, comment or column name. */
export function TablesTab() {
  const { t } = useTranslation()
  const [keyword, setKeyword] = useState('')
  const [searched, setSearched] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setSearched(keyword.trim()), 250)
    return () => clearTimeout(timer)
  }, [keyword])
  const tables = useTables(searched)
  const columns: TableProps<TableInfo>['columns'] = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('developments.tables.table'),
      render: (v) => <code>{v}</code>,
    },
    {
      key: 'columns',
      title: t('developments.tables.columns'),
      render: (_, row) => <Tag>{row.columns.length}</Tag>,
      width: 90,
    },
    { key: 'comment', dataIndex: 'comment', title: t('developments.tables.comment') },
  ]
  return (
    <>
      <Input.Search
        allowClear
        placeholder={t('developments.tables.search')}
        aria-label={t('developments.tables.search')}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        style={{ maxWidth: 360, marginBottom: 16 }}
      />
      {tables.data ? (
        <>
          <Typography.Paragraph type="secondary">
            {t('developments.tables.count', { count: tables.data.length })}
          </Typography.Paragraph>
          <Table<TableInfo>
            rowKey="name"
            size="middle"
            loading={tables.isFetching}
            columns={columns}
            dataSource={tables.data}
            expandable={{ expandedRowRender: (table) => <ColumnsTable table={table} /> }}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: 'max-content' }}
          />
        </>
      ) : (
        <QueryState error={tables.error} loading={tables.isPending} />
      )}
    </>
  )
}
