import type { DemoDataAdded } from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { menuUrlOfRoute } from '../../access/route-access'
import type { Db } from '../../db/client'
import { seedDemo } from '../../db/seed/demo/seed-demo'
import { AppError, forbidden } from '../../errors'
import { writeOperationLog } from '../../operation-log/write-operation-log'
import { catalogueIsEmpty, demoDataAllowed } from './find-demo-data-offer'

/** Holds a second request (a double click, another tab) until the first one has committed. */
const DEMO_DATA_LOCK = 370_001

/**
 * `POST /admin/index/demo-data`: the demo set of `npm run seed:demo`, only into an empty catalogue,
 * so it can never mix with real companies and a repeated request changes nothing (409). The
 * operation log is written in the same transaction.
 */
export async function addDemoData(request: FastifyRequest): Promise<DemoDataAdded> {
  const { db, config } = request.server
  if (!demoDataAllowed(config)) throw forbidden('demo_data.production')
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_DATA_LOCK})`)
    if (!(await catalogueIsEmpty(tx))) throw new AppError('conflict', 'demo_data.not_empty')
    // A transaction inside this one (a savepoint): the check and the seed commit together.
    const added = await seedDemo(tx as unknown as Db)
    await writeOperationLog(tx, {
      menu: { url: menuUrlOfRoute(request.routeOptions.url ?? request.url), method: request.method },
      method: request.method,
      userId: request.user?.id ?? 0,
      ip: request.ip,
      url: request.url,
      parameters: {},
      output: JSON.stringify(added),
    })
    return added
  })
}
