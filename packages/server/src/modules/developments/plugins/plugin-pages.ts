import type { FastifyInstance } from 'fastify'
import { registerResourceRoutes } from '../../../resource/resource-routes'

/** The routes of the plug-ins' pages, served by the resource engine like the application's resources. */
export async function pluginPageRoutes(app: FastifyInstance): Promise<void> {
  for (const binding of app.plugins.bindings.values()) registerResourceRoutes(app, binding)
}
