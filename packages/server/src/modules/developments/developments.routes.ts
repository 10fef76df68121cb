import { COMMANDS, ZCommandSchema, ZPageLayoutSchema } from '@brokerdesk/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { contextOf } from '../../resource/context'
import { runCommand } from './commands/run-command'
import { saveLayout } from './layouts/save-layout'
import { listTables } from './list-tables'
import { installPlugin } from './plugins/install-plugin'
import { listPlugins, pluginTexts } from './plugins/list-plugins'
import { uninstallPlugin } from './plugins/uninstall-plugin'

const tags = ['developments']
const ZPluginName = z.object({ name: z.string().regex(/^[a-z][a-z0-9-]{1,39}$/) })
const ZUninstallPlugin = ZPluginName.extend({
  /** Also drop the plug-in's tables (its down migrations); by default they are kept. */
  drop_data: z.boolean().default(false),
})

/**
 * The developer console (SPEC §2 "development assistance"). Commands, layout saving and installing
 * or uninstalling plug-ins are local-only through their menu items' env, as the menu writes are;
 * authorize decides.
 */
export async function developmentRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/admin/developments/index',
    { schema: { tags, summary: 'The commands and their parameters' } },
    () => ({
      commands: COMMANDS,
      env: app.config.env,
    }),
  )

  app.post(
    '/admin/developments/command',
    { schema: { tags, summary: 'Run a command of the allowlist; answers its output', body: ZCommandSchema } },
    (request) => runCommand(app, contextOf(request), request.body as z.infer<typeof ZCommandSchema>),
  )

  app.get(
    '/admin/developments/tables',
    {
      schema: {
        tags,
        summary: 'The tables and their columns (name, type, comment)',
        querystring: z.object({ keyword: z.string().max(100).optional() }),
      },
    },
    async (request) => ({
      tables: await listTables(app.db, (request.query as { keyword?: string }).keyword, request.language),
    }),
  )

  app.post(
    '/admin/developments/layout',
    {
      schema: {
        tags,
        summary: "Save a resource's list columns and form field order",
        body: ZPageLayoutSchema,
      },
      // Validated by saveLayout, so that a 422 names the field in the caller's language.
      validatorCompiler: () => (data: unknown) => ({ value: data }),
    },
    async (request) => ({ layout: await saveLayout(app, contextOf(request), request.body) }),
  )

  app.get(
    '/admin/developments/plugins',
    { schema: { tags, summary: 'The plug-ins found and installed' } },
    async (request) => ({
      plugins: await listPlugins(app, request.language),
    }),
  )
  app.post(
    '/admin/developments/plugins',
    { schema: { tags, summary: 'Install a plug-in: its migrations and menu items', body: ZPluginName } },
    async (request) =>
      installPlugin(app, contextOf(request), (request.body as z.infer<typeof ZPluginName>).name),
  )
  app.delete(
    '/admin/developments/plugins',
    {
      schema: {
        tags,
        summary:
          'Uninstall a plug-in: its menu items; its tables stay unless drop_data (then its down migrations run, also after an uninstall that kept them)',
        body: ZUninstallPlugin,
      },
    },
    async (request) => {
      const body = request.body as z.infer<typeof ZUninstallPlugin>
      return uninstallPlugin(contextOf(request), body.name, { dropData: body.drop_data })
    },
  )

  app.get(
    '/open/plugin-texts',
    { schema: { tags, summary: "The installed plug-ins' texts in the caller's language" } },
    async (request) => ({
      texts: await pluginTexts(app.db, request.language),
    }),
  )
}
