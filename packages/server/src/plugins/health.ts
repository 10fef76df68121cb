import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/client'

/** How long /readyz waits for the database before calling it unavailable. */
const READY_TIMEOUT_MS = 2000

/** Whether the database answers `select 1` within the time-out. */
async function pingDatabase(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS)
  })
  const ping = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  )
  try {
    return await Promise.race([ping, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * `/healthz` says the process is alive (a load balancer must not restart it for a database outage);
 * `/readyz` says whether it should get requests now: not while it drains before shutting down, and
 * only while the database answers.
 */
export const healthPlugin: FastifyPluginAsync = async (app) => {
  const database = app.database.kind
  app.get('/healthz', async () => ({ status: 'ok', database }))
  app.get('/readyz', async (_request, reply) => {
    if (app.lifecycle.draining) return reply.status(503).send({ status: 'draining', database })
    // The replica's state is shown, never a reason to be unready: reads fall back to the primary.
    const replica = app.database.replica?.status()
    if (await pingDatabase(app.db)) return { status: 'ok', database, ...(replica && { replica }) }
    return reply.status(503).send({ status: 'unavailable', database, ...(replica && { replica }) })
  })
}
