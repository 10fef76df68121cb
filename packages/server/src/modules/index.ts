import type { FastifyInstance } from 'fastify'
import { openRoutes } from './open/open.routes'

/** Every area's routes; mounted twice, under /api and /web-api. */
export async function registerModules(scope: FastifyInstance): Promise<void> {
  await scope.register(openRoutes)
}
