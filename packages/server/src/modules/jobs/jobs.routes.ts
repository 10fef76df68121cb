import {
  type TJobUpdate,
  ZJobUpdateSchema,
  ZLogPageQuerySchema,
  ZProductCalendarQuerySchema,
} from '@brokerdesk/shared'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { contextOf } from '../../resource/context'
import { listJobs, listRuns, runJobNow, updateJob } from './manage-jobs'
import { readProductCalendar } from './product-calendar'
import { localDate } from './product-sale-calendar'

const ZJobId = z.object({ id: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/) })
const tags = ['jobs']

/** Scheduled jobs (issue 25 §4): their schedules, run now, run logs; the product sale calendar. */
export const jobsModule: FastifyPluginAsync = async (app) => {
  app.get(
    '/admin/jobs',
    { schema: { tags, summary: 'The built-in jobs with their schedule and last run' } },
    async (request) => ({
      jobs: await listJobs(request.server.db),
    }),
  )
  app.put(
    '/admin/jobs/:id',
    {
      schema: {
        tags,
        summary: "Change a job's schedule (cron) or turn it on or off",
        params: ZJobId,
        body: ZJobUpdateSchema,
      },
    },
    (request) =>
      updateJob(contextOf(request), (request.params as { id: string }).id, request.body as TJobUpdate),
  )
  app.post(
    '/admin/jobs/:id/run',
    { schema: { tags, summary: 'Run a job now (409 while it runs elsewhere)', params: ZJobId } },
    (request) => runJobNow(request.server, contextOf(request), (request.params as { id: string }).id),
  )
  app.get(
    '/admin/jobs/:id/runs',
    {
      schema: {
        tags,
        summary: 'The run log of a job, newest first',
        params: ZJobId,
        querystring: ZLogPageQuerySchema,
      },
    },
    (request) =>
      listRuns(
        request.server.db,
        (request.params as { id: string }).id,
        request.query as z.infer<typeof ZLogPageQuerySchema>,
      ),
  )
  app.get(
    '/admin/product-calendar',
    {
      schema: {
        tags,
        summary: 'The products released or stopping in a month',
        querystring: ZProductCalendarQuerySchema,
      },
    },
    (request) => {
      const month = (request.query as { month?: string }).month ?? localDate(new Date()).slice(0, 7)
      return request.readDb((db) => readProductCalendar(db, month))
    },
  )
}
