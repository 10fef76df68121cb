import { EditOutlined, HistoryOutlined, PlayCircleOutlined } from '@ant-design/icons'
import type { JobView } from '@brokerdesk/shared'
import { Button, Flex, Space, Switch, type TableProps, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHeldRoutes } from '../../../app/permissions'
import { formatTime } from '../../../components/admin-table/format-time'
import { TablePage } from '../../../components/admin-table/TablePage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import { notify } from '../../../state/notify'
import { JobRunsDrawer } from './JobRunsDrawer'
import { JOB_URLS, useJobs, useRunJob, useUpdateJob } from './jobs-api'
import { OutcomeTag } from './OutcomeTag'
import { ScheduleModal } from './ScheduleModal'
import './jobs.css'

/**
 * /admin/jobs: the built-in jobs — what each does, its schedule (cron), on or off, when it runs next,
 * its last run — with "run now", the schedule's editor and each job's run log.
 */
export default function JobsPage({ title }: ResourcePageProps) {
  const { t, i18n } = useTranslation()
  const can = useHeldRoutes()
  const canUpdate = can(JOB_URLS.update, 'PUT')
  const canRun = can(JOB_URLS.run, 'POST')
  const canReadRuns = can(JOB_URLS.runs, 'GET')
  const jobs = useJobs()
  const update = useUpdateJob()
  const run = useRunJob()
  const [runsOf, setRunsOf] = useState<string>()
  const [editing, setEditing] = useState<JobView>()

  const runNow = (job: JobView) =>
    run.mutate(job.id, {
      onSuccess: (done) =>
        notify(
          done.outcome === 'succeeded' ? 'success' : 'danger',
          done.outcome === 'succeeded'
            ? t('jobs.run_done', { name: t(`jobs.names.${job.id}`), rows: done.rows })
            : t('jobs.run_failed', { name: t(`jobs.names.${job.id}`), message: done.message }),
        ),
    })

  const columns: TableProps<JobView>['columns'] = [
    {
      key: 'name',
      title: t('jobs.name'),
      render: (_: unknown, job: JobView) => (
        <Flex vertical>
          <Typography.Text strong>{t(`jobs.names.${job.id}`)}</Typography.Text>
          <Typography.Text type="secondary" className="bd-jobs__about">
            {t(`jobs.about.${job.id}`)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'cron',
      title: t('jobs.schedule'),
      render: (_: unknown, job: JobView) => (
        <Space size={4}>
          <Typography.Text code>{job.cron}</Typography.Text>
          {canUpdate && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('jobs.edit_schedule', { name: t(`jobs.names.${job.id}`) })}
              onClick={() => setEditing(job)}
            />
          )}
        </Space>
      ),
    },
    {
      key: 'enabled',
      title: t('jobs.enabled'),
      render: (_: unknown, job: JobView) => (
        <Switch
          checked={job.enabled}
          disabled={!canUpdate}
          loading={update.isPending && update.variables?.id === job.id}
          aria-label={t('jobs.enabled_of', { name: t(`jobs.names.${job.id}`) })}
          onChange={(enabled) => update.mutate({ id: job.id, values: { enabled } })}
        />
      ),
    },
    {
      key: 'next_run_at',
      title: t('jobs.next_run'),
      responsive: ['md'],
      render: (_: unknown, job: JobView) => formatTime(job.next_run_at, i18n.language),
    },
    {
      key: 'last_run',
      title: t('jobs.last_run'),
      responsive: ['sm'],
      render: (_: unknown, job: JobView) => <LastRun job={job} />,
    },
    {
      key: 'actions',
      title: t('actions.operate'),
      render: (_: unknown, job: JobView) => (
        <Flex vertical align="start">
          {canRun && (
            <Button
              type="link"
              size="small"
              icon={<PlayCircleOutlined />}
              loading={run.isPending && run.variables === job.id}
              disabled={job.running}
              onClick={() => runNow(job)}
            >
              {t('jobs.run_now')}
            </Button>
          )}
          {canReadRuns && (
            <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setRunsOf(job.id)}>
              {t('jobs.run_log')}
            </Button>
          )}
        </Flex>
      ),
    },
  ]

  return (
    <TablePage<JobView>
      title={title}
      intro={t('jobs.intro')}
      query={jobs}
      rows={jobs.data?.jobs}
      columns={columns}
    >
      <JobRunsDrawer jobId={runsOf} onClose={() => setRunsOf(undefined)} />
      <ScheduleModal job={editing} onClose={() => setEditing(undefined)} />
    </TablePage>
  )
}

/** The job's run under way, or its last run's outcome, rows and start. */
function LastRun({ job }: { job: JobView }) {
  const { t, i18n } = useTranslation()
  if (job.running) return <OutcomeTag outcome="running" />
  if (!job.last_run) return <Typography.Text type="secondary">{t('jobs.never_run')}</Typography.Text>
  return (
    <Flex vertical gap={2}>
      <span>
        <OutcomeTag outcome={job.last_run.outcome} />
        {t('jobs.rows_touched', { count: job.last_run.rows })}
      </span>
      <Typography.Text type="secondary">{formatTime(job.last_run.started_at, i18n.language)}</Typography.Text>
    </Flex>
  )
}
