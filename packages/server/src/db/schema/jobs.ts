import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

/**
 * The built-in scheduled jobs (modules/jobs/job-registry.ts names them): each one's cron schedule,
 * whether it runs, when it is due next, and the lease of the process running it (`running_until`:
 * a run claims it with one UPDATE, so a job runs once however many processes share the database).
 * `cursor` is where the job's last successful run got to (the sale calendar's last instant covered).
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  id: varchar({ length: 64 }).primaryKey(),
  cron: varchar({ length: 100 }).notNull(),
  enabled: boolean().notNull().default(true),
  next_run_at: timestamp({ withTimezone: true }),
  running_until: timestamp({ withTimezone: true }),
  cursor: timestamp({ withTimezone: true }),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * Each run of a job: when it started and ended, its outcome (running, succeeded, failed), the rows it
 * touched, a short message (the error of a failed run), what started it and on which process.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    job_id: varchar({ length: 64 }).notNull(),
    started_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ended_at: timestamp({ withTimezone: true }),
    outcome: varchar({ length: 16 }).notNull().default('running'),
    rows: integer().notNull().default(0),
    message: text().notNull().default(''),
    /** schedule, or manual (run now: user_id is who asked). */
    trigger: varchar({ length: 16 }).notNull().default('schedule'),
    user_id: integer().notNull().default(0),
    node_id: varchar({ length: 100 }).notNull().default(''),
  },
  (t) => [index('job_runs_job_id_id_idx').on(t.job_id, t.id.desc())],
)

/**
 * The products' stop notices sent (product, stop date): one notice per product and closing date,
 * however often the job runs.
 */
export const productStopNotices = pgTable(
  'product_stop_notices',
  {
    product_id: integer().notNull(),
    stop_at: varchar({ length: 10 }).notNull(),
    message_id: integer().notNull().default(0),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_stop_notices_unique').on(t.product_id, t.stop_at)],
)
