import type { JobId } from '@brokerdesk/shared'
import { keepLogPartitions } from '../logs/keep-log-partitions'
import { cleanUpExpiredUploads } from '../uploads/tus-uploads'
import { deliverDueWebhooks } from '../webhooks/deliver-webhooks'
import type { JobContext, JobResult } from './job-types'
import { runProductSaleCalendar } from './product-sale-calendar'

/** What a job is given: the app (its database, settings, configuration) and the run's instant. */
export interface JobDefinition {
  id: JobId
  run(context: JobContext): Promise<JobResult>
}

/**
 * The built-in jobs, the one home of the server's schedules: each runs once across every server
 * process (run-job.ts claims it), on its cron schedule or when an administrator runs it now.
 */
export const JOBS: readonly JobDefinition[] = [
  {
    id: 'product-sale-calendar',
    run: runProductSaleCalendar,
  },
  {
    id: 'log-partitions',
    async run({ app, now }) {
      const { made, dropped } = await keepLogPartitions(app.db, app.settings, now)
      return { rows: made + dropped }
    },
  },
  {
    id: 'upload-clean-up',
    async run({ app }) {
      return { rows: await cleanUpExpiredUploads(app.config) }
    },
  },
  {
    id: 'webhook-retries',
    async run({ app, now }) {
      return { rows: await deliverDueWebhooks(app, now) }
    },
  },
]

export function findJob(id: string): JobDefinition | undefined {
  return JOBS.find((job) => job.id === id)
}
