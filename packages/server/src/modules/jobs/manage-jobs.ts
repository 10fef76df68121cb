import type { JobRunView, JobView, Language, TJobUpdate } from '@brokerdesk/shared'
import { and, desc, eq, lt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { jobRuns, scheduledJobs } from '../../db/schema/index'
import { AppError, notFound } from '../../errors'
import { translateIssues } from '../../resource/field-errors'
import { runWrite } from '../../resource/run-write'
import type { ResourceContext } from '../../resource/types'
import { findJob, JOBS } from './job-registry'
import { isValidCron, nextRunOf } from './job-schedule'
import { type JobRun, runJob } from './run-job'

export function presentRun(row: JobRun): JobRunView {
  return {
    id: row.id,
    job_id: row.job_id,
    started_at: row.started_at.toISOString(),
    ended_at: row.ended_at?.toISOString() ?? null,
    outcome: row.outcome as JobRunView['outcome'],
    rows: row.rows,
    message: row.message,
    trigger: row.trigger as JobRunView['trigger'],
  }
}

/** The built-in jobs in the registry's order, each with its schedule and its last run. */
export async function listJobs(db: Db, now = new Date()): Promise<JobView[]> {
  const rows = await db.select().from(scheduledJobs)
  const lastRuns = (await db.execute(sql`
    select distinct on (job_id) * from job_runs order by job_id, id desc`)) as unknown as { rows: JobRun[] }
  return JOBS.flatMap((job) => {
    const row = rows.find((r) => r.id === job.id)
    if (!row) return []
    const last = lastRuns.rows.find((run) => run.job_id === job.id)
    return [
      {
        id: job.id as JobView['id'],
        cron: row.cron,
        enabled: row.enabled,
        next_run_at: row.enabled ? (row.next_run_at?.toISOString() ?? null) : null,
        running: row.running_until !== null && row.running_until > now,
        last_run: last
          ? presentRun({
              ...last,
              started_at: new Date(last.started_at),
              ended_at: last.ended_at ? new Date(last.ended_at) : null,
            })
          : null,
      },
    ]
  })
}

function requireJob(id: string) {
  const job = findJob(id)
  if (!job) throw notFound()
  return job
}

/** Changes a job's schedule or turns it on or off; the next run follows the schedule from now. */
export async function updateJob(
  ctx: ResourceContext & { language: Language },
  id: string,
  input: TJobUpdate,
): Promise<JobView> {
  requireJob(id)
  if (input.cron !== undefined && !isValidCron(input.cron))
    throw new AppError('validation', 'errors.validation', {
      errors: translateIssues(ctx.language, [{ field: 'cron', key: 'validations.messages.cron' }]),
    })
  await runWrite(ctx, { id, ...input }, async (tx) => {
    const [row] = await tx.select().from(scheduledJobs).where(eq(scheduledJobs.id, id)).for('update')
    if (!row) throw notFound()
    const cron = input.cron ?? row.cron
    await tx
      .update(scheduledJobs)
      .set({ ...input, next_run_at: nextRunOf(cron, new Date()), updated_at: new Date() })
      .where(eq(scheduledJobs.id, id))
  })
  const view = (await listJobs(ctx.db)).find((job) => job.id === id)
  if (!view) throw notFound()
  return view
}

/** Runs a job now (whatever its schedule, even when turned off); 409 while another run holds it. */
export async function runJobNow(app: FastifyInstance, ctx: ResourceContext, id: string): Promise<JobRunView> {
  const job = requireJob(id)
  const run = await runJob(app, job, { kind: 'manual', userId: ctx.userId })
  if (!run) throw new AppError('conflict', 'jobs.running')
  // The run is logged once it ended (the job's own changes are logged as the system's).
  await runWrite(ctx, { id, run_id: run.id }, async () => undefined)
  return presentRun(run)
}

/** A job's run log, newest first, a page before an id. */
export async function listRuns(
  db: Db,
  id: string,
  page: { before?: number; size: number },
): Promise<{ runs: JobRunView[]; has_more: boolean }> {
  requireJob(id)
  const rows = await db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.job_id, id), page.before ? lt(jobRuns.id, page.before) : undefined))
    .orderBy(desc(jobRuns.id))
    .limit(page.size + 1)
  return { runs: rows.slice(0, page.size).map(presentRun), has_more: rows.length > page.size }
}
