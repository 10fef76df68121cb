import type { UploadUsage } from '@brokerdesk/shared'
import { Drawer, Progress, Table, type TableProps, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatSize } from '../file-log/file-log-api'
import { useUploadUsage } from './uploads-api'

/** The most owners the server answers (USAGE_OWNERS_MAX). */
const OWNERS_SHOWN = 50

/** Each owner's stored files and bytes against the upload quota, largest first. */
export function UploadUsageDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const usage = useUploadUsage(open)
  const size = (bytes: number) => formatSize(bytes, i18n.language)
  const columns: TableProps<UploadUsage>['columns'] = [
    {
      key: 'user_name',
      dataIndex: 'user_name',
      title: t('fields.owner'),
      render: (name: string, row) => name || `#${row.user_id}`,
    },
    { key: 'files', dataIndex: 'files', title: t('file_manager.files'), align: 'end' },
    {
      key: 'bytes',
      dataIndex: 'bytes',
      title: t('file_manager.used'),
      render: (bytes: number, row) => (
        <div style={{ minWidth: 140 }}>
          {size(bytes)} / {size(row.quota)}
          <Progress
            percent={Math.min(100, Math.round((bytes / Math.max(row.quota, 1)) * 100))}
            size="small"
            status={bytes >= row.quota ? 'exception' : 'normal'}
            aria-label={`${row.user_name}: ${size(bytes)} / ${size(row.quota)}`}
          />
        </div>
      ),
    },
  ]
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width="min(640px, 100vw)"
      title={t('file_manager.usage_title')}
      destroyOnHidden
    >
      {usage.data && (
        <Typography.Paragraph type="secondary">
          {t('file_manager.usage_hint', { quota: size(usage.data.quota), max: OWNERS_SHOWN })}
        </Typography.Paragraph>
      )}
      <Table<UploadUsage>
        rowKey="user_id"
        size="small"
        columns={columns}
        dataSource={usage.data?.data ?? []}
        loading={usage.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Drawer>
  )
}
