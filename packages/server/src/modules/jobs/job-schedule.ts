import { JOB_DEFAULT_CRON, JOB_IDS } from '@brokerdesk/shared'
import { Cron } from 'croner'
import type { Db, Tx } from '../../db/client'
import { scheduledJobs } from '../../db/schema/index'

/** The next instant a cron expression names after `from`, or null when it names none. */
export function nextRunOf(cron: string, from: Date): Date | null {
  return new Cron(cron, { paused: true }).nextRun(from)
}

/** Whether `cron` is a five-field expression that names a coming instant. */
export function isValidCron(cron: string): boolean {
  if (cron.trim().split(/\s+/).length !== 5) return false
  try {
    return nextRunOf(cron, new Date()) !== null
  } catch {
    return false
  }
}

/** Makes the row of every built-in job that has none yet, on its default schedule, due at once (the seed). */
export async function seedJobs(db: Db | Tx, now = new Date()): Promise<void> {
  await db
    .insert(scheduledJobs)
    .values(JOB_IDS.map((id) => ({ id, cron: JOB_DEFAULT_CRON[id], next_run_at: now })))
    .onConflictDoNothing()
}
