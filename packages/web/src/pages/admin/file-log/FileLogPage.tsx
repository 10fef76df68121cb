import './file-log.css'
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons'
import { Button, Flex, Input, Select, Space, Table, type TableProps, Typography } from 'antd'
import type { SorterResult } from 'antd/es/table/interface'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { getConfig } from '../../../api/config'
import { useHeldRoutes } from '../../../app/permissions'
import { PageFrame, QueryState, type ResourcePageProps } from '../../../components/resource/ResourcePage'
import { menuLabel } from '../../../i18n/menu-label'
import {
  downloadUrl,
  type FileQuery,
  formatSize,
  type LogFile,
  type LogFilesAnswer,
  URLS,
  useLogFiles,
} from './file-log-api'
import { LogPreview } from './LogPreview'

/**
 * /admin/file-log/index: the server's log files (name, size, last written; filter and sort) and the
 * preview of one — the newest unless another is chosen — with its download. With several server
 * processes, the files of the one chosen (each keeps its own; the answering one asks the others).
 */
export default function FileLogPage({ title }: ResourcePageProps) {
  const { t, i18n } = useTranslation()
  const can = useHeldRoutes()
  const canDownload = can(URLS.download, 'GET')
  const [search, setSearch] = useSearchParams()
  const node = search.get('node') ?? undefined
  const [query, setQuery] = useState<Omit<FileQuery, 'node'>>({
    keyword: '',
    sort: 'modified',
    order: 'desc',
  })
  const files = useLogFiles({ ...query, node })
  const list = files.data?.files ?? []
  const chosen = search.get('file') ?? list[0]?.name
  const choose = (name: string) =>
    setSearch({ ...(files.data && { node: files.data.node }), file: name }, { replace: true })
  const chooseNode = (id: string) => setSearch({ node: id }, { replace: true })
  const webUrl = getConfig().web_url

  if (!files.data) {
    return (
      <PageFrame title={menuLabel(title)}>
        <QueryState error={files.error} loading={files.isPending} />
      </PageFrame>
    )
  }

  // Behind a balancer the next request may reach another process: the preview and the download name
  // the node whose list this is; while another node's list is on its way, the old one is not previewed.
  const shownNode = files.data.node
  const current = node === undefined || node === shownNode
  const sortOrder = (column: FileQuery['sort']) =>
    query.sort === column ? (query.order === 'asc' ? 'ascend' : 'descend') : null
  const columns: TableProps<LogFile>['columns'] = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('file_log.name'),
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (name: string) => (
        <Typography.Text strong={name === chosen} className="bd-log-files__name">
          {name}
        </Typography.Text>
      ),
    },
    {
      key: 'size',
      dataIndex: 'size',
      title: t('file_log.size'),
      sorter: true,
      sortOrder: sortOrder('size'),
      align: 'end',
      width: 120,
      render: (size: number) => formatSize(size, i18n.language),
    },
    {
      key: 'modified',
      dataIndex: 'modified',
      title: t('file_log.modified'),
      sorter: true,
      sortOrder: sortOrder('modified'),
      width: 200,
      responsive: ['sm'],
      render: (modified: string) => new Date(modified).toLocaleString(i18n.language),
    },
    {
      key: 'actions',
      title: t('actions.operate'),
      width: 110,
      render: (_: unknown, file: LogFile) => (
        <LogFileActions
          file={file.name}
          onPreview={() => choose(file.name)}
          download={canDownload ? downloadUrl(webUrl, file.name, shownNode) : undefined}
        />
      ),
    },
  ]
  const onChange: TableProps<LogFile>['onChange'] = (_pagination, _filters, sorter) => {
    const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<LogFile>
    const column = one?.columnKey as FileQuery['sort'] | undefined
    if (!one?.order || !column) setQuery((old) => ({ ...old, sort: 'modified', order: 'desc' }))
    else setQuery((old) => ({ ...old, sort: column, order: one.order === 'ascend' ? 'asc' : 'desc' }))
  }

  return (
    <PageFrame title={menuLabel(title)}>
      <Flex vertical gap={16}>
        <LogFilesBar
          answer={files.data}
          onNode={chooseNode}
          onSearch={(keyword) => setQuery((old) => ({ ...old, keyword }))}
        />
        <Table<LogFile>
          rowKey="name"
          size="small"
          columns={columns}
          dataSource={list}
          loading={files.isFetching}
          onChange={onChange}
          pagination={list.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          onRow={(file) => ({ className: file.name === chosen ? 'bd-log-files__row--chosen' : undefined })}
          scroll={{ x: 'max-content' }}
        />
        {chosen && current && (
          <LogPreview
            key={`${shownNode}/${chosen}`}
            file={chosen}
            node={shownNode}
            download={canDownload ? downloadUrl(webUrl, chosen, shownNode) : undefined}
          />
        )}
      </Flex>
    </PageFrame>
  )
}

/** Above the list: the process whose files are shown, the search, how long files are kept, the replica. */
function LogFilesBar({
  answer,
  onNode,
  onSearch,
}: {
  answer: LogFilesAnswer
  onNode: (id: string) => void
  onSearch: (keyword: string) => void
}) {
  const { t } = useTranslation()
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      {answer.nodes.length > 1 && (
        <Select
          className="bd-log-files__node"
          aria-label={t('file_log.node')}
          value={answer.node}
          onChange={onNode}
          options={answer.nodes.map((one) => ({
            value: one.id,
            label: one.self ? t('file_log.this_node', { id: one.id }) : one.id,
          }))}
        />
      )}
      <Input.Search
        allowClear
        className="bd-log-files__search"
        placeholder={t('file_log.search')}
        aria-label={t('file_log.search')}
        maxLength={100}
        onSearch={(keyword) => onSearch(keyword.trim())}
      />
      <Typography.Text type="secondary">
        {t('file_log.keep_days', { count: answer.keep_days })}
      </Typography.Text>
      {answer.replica && (
        <Typography.Text type={answer.replica.state === 'ok' ? 'secondary' : 'warning'}>
          {answer.replica.state === 'ok'
            ? t('file_log.replica_ok', { lag: answer.replica.lag_ms ?? 0 })
            : t('file_log.replica_off', { state: answer.replica.state })}
        </Typography.Text>
      )}
    </Flex>
  )
}

/** A file's preview and, for who may, its download. */
function LogFileActions({
  file,
  onPreview,
  download,
}: {
  file: string
  onPreview: () => void
  download?: string
}) {
  const { t } = useTranslation()
  return (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        icon={<EyeOutlined />}
        aria-label={`${t('file_log.preview')} ${file}`}
        onClick={onPreview}
      />
      {download && (
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          aria-label={`${t('file_log.download')} ${file}`}
          href={download}
          download={file}
        />
      )}
    </Space>
  )
}
