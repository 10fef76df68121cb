import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { readListSettings, saveListSettings } from './list-settings'

const params = z.object({ resource: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/) })

/**
 * A user's own settings of each resource list (home routes: a login is all they need): the columns
 * shown, their order and widths, the row density and the saved views.
 */
export const listSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['home']
  app.get(
    '/home/list-settings/:resource',
    { schema: { tags, summary: 'My settings of a list: columns, density, saved views', params } },
    async (request) => ({ settings: await readListSettings(app, request, request.params.resource) }),
  )
  app.put(
    '/home/list-settings/:resource',
    { schema: { tags, summary: 'Save my settings of a list', params } },
    async (request) => ({
      settings: await saveListSettings(app, request, request.params.resource, request.body),
    }),
  )
}
