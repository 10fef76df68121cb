import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { jobRuns, scheduledJobs } from '../../db/schema/index'
import type { JobDefinition } from './job-registry'
import { nextRunOf } from './job-schedule'

/** How long a claimed run keeps other processes off the job; a process that died frees it then. */
export const JOB_LEASE_MS = 15 * 60_000
/** The longest message a run log keeps. */
const MESSAGE_MAX = 500

export type RunTrigger = { kind: 'schedule' } | { kind: 'manual'; userId: number }

export type JobRun = typeof jobRuns.$inferSelect

/**
 * Claims the job for this process, atomically: a scheduled run only when it is due (and its next
 * run moves on), any run only when no other process holds it. Answers the claimed row or undefined.
 */
async function claimJob(db: Db, job: JobDefinition, trigger: RunTrigger, now: Date) {
  const free = or(isNull(scheduledJobs.running_until), lt(scheduledJobs.running_until, now))
  const leased = new Date(now.getTime() + JOB_LEASE_MS)
  if (trigger.kind === 'manual') {
    const [row] = await db
      .update(scheduledJobs)
      .set({ running_until: leased })
      .where(and(eq(scheduledJobs.id, job.id), free))
      .returning()
    return row
  }
  const [current] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.id, job.id))
  if (!current?.enabled || !current.next_run_at || current.next_run_at > now) return undefined
  const [row] = await db
    .update(scheduledJobs)
    .set({ running_until: leased, next_run_at: nextRunOf(current.cron, now) })
    .where(
      and(
        eq(scheduledJobs.id, job.id),
        eq(scheduledJobs.enabled, true),
        lte(scheduledJobs.next_run_at, now),
        free,
      ),
    )
    .returning()
  return row
}

/**
 * Runs a job once across the processes and keeps its run log: undefined when another process holds
 * it (or, scheduled, when it is not due). A failed run is logged with its error, and the error is
 * not thrown: the run log is where it is read.
 */
export async function runJob(
  app: FastifyInstance,
  job: JobDefinition,
  trigger: RunTrigger,
  now = new Date(),
): Promise<JobRun | undefined> {
  const db = app.db
  const claimed = await claimJob(db, job, trigger, now)
  if (!claimed) return undefined
  const [run] = await db
    .insert(jobRuns)
    .values({
      job_id: job.id,
      started_at: now,
      trigger: trigger.kind,
      user_id: trigger.kind === 'manual' ? trigger.userId : 0,
      node_id: app.cluster.nodeId.slice(0, 100),
    })
    .returning()
  let outcome: 'succeeded' | 'failed' = 'succeeded'
  let rows = 0
  let message = ''
  let cursor: Date | undefined
  try {
    const result = await job.run({ app, now, cursor: claimed.cursor })
    rows = result.rows
    cursor = result.cursor
  } catch (error) {
    outcome = 'failed'
    message = (error instanceof Error ? error.message : String(error)).slice(0, MESSAGE_MAX)
    app.log.warn({ err: error, job: job.id }, 'scheduled job failed')
  }
  await db
    .update(scheduledJobs)
    .set({ running_until: null, ...(cursor ? { cursor } : {}), updated_at: sql`now()` })
    .where(eq(scheduledJobs.id, job.id))
  const [ended] = await db
    .update(jobRuns)
    .set({ ended_at: sql`now()`, outcome, rows, message })
    .where(eq(jobRuns.id, run.id))
    .returning()
  return ended
}
