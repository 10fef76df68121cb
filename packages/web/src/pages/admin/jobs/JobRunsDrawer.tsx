import type { JobRunView } from '@brokerdesk/shared'
import { Drawer, Table, type TableProps, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatTime } from './format-time'
import { useJobRuns } from './jobs-api'
import { OutcomeTag } from './OutcomeTag'

/** The run log of one job: start, end, outcome, rows touched, what started it, the error. */
export function JobRunsDrawer({ jobId, onClose }: { jobId: string | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const runs = useJobRuns(jobId)
  const columns: TableProps<JobRunView>['columns'] = [
    {
      key: 'started_at',
      dataIndex: 'started_at',
      title: t('jobs.started_at'),
      render: (value: string) => formatTime(value, i18n.language, true),
    },
    {
      key: 'ended_at',
      dataIndex: 'ended_at',
      title: t('jobs.ended_at'),
      responsive: ['md'],
      render: (value: string | null) => formatTime(value, i18n.language, true),
    },
    {
      key: 'outcome',
      dataIndex: 'outcome',
      title: t('jobs.outcome.title'),
      render: (_: unknown, run: JobRunView) => <OutcomeTag outcome={run.outcome} />,
    },
    { key: 'rows', dataIndex: 'rows', title: t('jobs.rows'), align: 'end' },
    {
      key: 'trigger',
      dataIndex: 'trigger',
      title: t('jobs.trigger.title'),
      responsive: ['sm'],
      render: (trigger: string) => t(`jobs.trigger.${trigger}`),
    },
  ]
  return (
    <Drawer
      open={Boolean(jobId)}
      onClose={onClose}
      width="min(720px, 100vw)"
      title={jobId ? t('jobs.runs_of', { name: t(`jobs.names.${jobId}`) }) : ''}
      destroyOnHidden
    >
      <Table<JobRunView>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={runs.data?.runs ?? []}
        loading={runs.isFetching}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        expandable={{
          rowExpandable: (run) => run.message !== '',
          expandedRowRender: (run) => <Typography.Text type="danger">{run.message}</Typography.Text>,
        }}
        locale={{ emptyText: t('jobs.no_runs') }}
        scroll={{ x: 'max-content' }}
      />
    </Drawer>
  )
}
