import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { addDemoData } from './add-demo-data'
import { findDemoDataOffer } from './find-demo-data-offer'

/**
 * The demo data of the back-office home (menu item 370, GET and POST, held by the super
 * administrator's role alone unless a role is given it): the offer, and adding it.
 */
export const demoDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/index/demo-data', () => findDemoDataOffer(app.db, app.config))
  app.post('/admin/index/demo-data', { schema: { body: z.object({}).strict().optional() } }, (request) =>
    addDemoData(request),
  )
}
