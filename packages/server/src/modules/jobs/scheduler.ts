import type { FastifyInstance } from 'fastify'
import { JOBS } from './job-registry'
import { runJob } from './run-job'

/** How often each process looks for due jobs; a cron minute is never missed by more than this. */
export const SCHEDULER_TICK_MS = 20_000

/**
 * Runs the due jobs now and on every tick while the process runs; each process ticks, and the claim
 * in runJob lets one of them run each due job. Answers the function that stops it (after a run
 * under way has ended).
 */
export function startScheduler(app: FastifyInstance): () => Promise<void> {
  let running: Promise<void> | undefined
  let stopped = false
  const tick = () => {
    if (running || stopped) return
    running = (async () => {
      for (const job of JOBS) {
        if (stopped) break
        await runJob(app, job, { kind: 'schedule' }).catch((error) =>
          app.log.warn({ err: error, job: job.id }, 'scheduled job could not be started'),
        )
      }
    })().finally(() => {
      running = undefined
    })
  }
  tick()
  const timer = setInterval(tick, SCHEDULER_TICK_MS)
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
}
