import type { FastifyInstance } from 'fastify'

/** What a job's run is given. */
export interface JobContext {
  app: FastifyInstance
  now: Date
  /** Where the job's last successful run got to (null before the first). */
  cursor: Date | null
}

/** What a run reports: the rows it touched, and where it got to (kept as the next run's cursor). */
export interface JobResult {
  rows: number
  cursor?: Date
}
