import type { JobRunView } from '@brokerdesk/shared'
import { type TableProps, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatTime } from '../../../components/admin-table/format-time'
import { LogDrawer } from '../../../components/admin-table/LogDrawer'
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
    <LogDrawer<JobRunView>
      open={Boolean(jobId)}
      onClose={onClose}
      width={720}
      title={jobId ? t('jobs.runs_of', { name: t(`jobs.names.${jobId}`) }) : ''}
      entries={runs.data?.runs ?? []}
      loading={runs.isFetching}
      columns={columns}
      pageSize={10}
      expandable={{
        rowExpandable: (run) => run.message !== '',
        expandedRowRender: (run) => <Typography.Text type="danger">{run.message}</Typography.Text>,
      }}
      emptyText={t('jobs.no_runs')}
    />
  )
}
