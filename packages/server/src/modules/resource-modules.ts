import type { ResourceName } from '@brokerdesk/shared'
import type { FastifyPluginAsync } from 'fastify'
import type { ResourceBinding } from '../resource/types'
import { adminsBinding, adminsModule } from './admins/admins.resource'
import { agentSystemsBinding, agentSystemsModule } from './agent-systems/agent-systems.resource'
import { appsBinding, appsModule } from './apps/apps.resource'
import { areasBinding, areasModule } from './areas/areas.resource'
import { banksBinding, banksModule } from './banks/banks.resource'
import { classifysBinding, classifysModule } from './classifys/classifys.resource'
import { configsBinding, configsModule } from './configs/configs.resource'
import { contactMessagesBinding, contactMessagesModule } from './contact-messages/contact-messages.resource'
import { departmentsBinding, departmentsModule } from './departments/departments.resource'
import { firmsBinding, firmsModule } from './firms/firms.resource'
import { logCountsModule } from './log-counts/log-counts.routes'
import { logsBinding, logsModule } from './logs/logs.resource'
import { menusBinding, menusModule } from './menus/menus.resource'
import { messagesBinding, messagesModule } from './messages/messages.resource'
import { pclassifysBinding, pclassifysModule } from './pclassifys/pclassifys.resource'
import { productsBinding, productsModule } from './products/products.resource'
import { rolesBinding, rolesModule } from './roles/roles.resource'
import { sessionsBinding, sessionsModule } from './sessions/sessions.resource'
import { uploadsBindingOf, uploadsResourceModule } from './uploads/uploads.resource'
import { usersBinding, usersModule } from './users/users.resource'
import { yearsBinding, yearsModule } from './years/years.resource'

/** How the server serves a resource of the shared registry. */
export interface ServedResource {
  /** Its routes: the engine's and the module's own. */
  module: FastifyPluginAsync
  /**
   * Its table and what it does beyond the engine's common work; the file manager's is built from the
   * stores' configuration; none for the log statistics, grouped from the operation log.
   */
  binding: ResourceBinding | typeof uploadsBindingOf | null
}

/**
 * Every resource of the shared registry (RESOURCES), by its name: a resource the registry gains and
 * this record lacks, or the reverse, fails the type check. Each is its own encapsulated plugin, and
 * Fastify tells a fixed segment from a parameter whatever the order, so the order is free.
 */
export const SERVED_RESOURCES: Record<ResourceName, ServedResource> = {
  admins: { module: adminsModule, binding: adminsBinding },
  'agent-systems': { module: agentSystemsModule, binding: agentSystemsBinding },
  apps: { module: appsModule, binding: appsBinding },
  areas: { module: areasModule, binding: areasBinding },
  banks: { module: banksModule, binding: banksBinding },
  classifys: { module: classifysModule, binding: classifysBinding },
  configs: { module: configsModule, binding: configsBinding },
  'contact-messages': { module: contactMessagesModule, binding: contactMessagesBinding },
  departments: { module: departmentsModule, binding: departmentsBinding },
  firms: { module: firmsModule, binding: firmsBinding },
  logs: { module: logsModule, binding: logsBinding },
  'log-counts': { module: logCountsModule, binding: null },
  menus: { module: menusModule, binding: menusBinding },
  messages: { module: messagesModule, binding: messagesBinding },
  pclassifys: { module: pclassifysModule, binding: pclassifysBinding },
  products: { module: productsModule, binding: productsBinding },
  roles: { module: rolesModule, binding: rolesBinding },
  sessions: { module: sessionsModule, binding: sessionsBinding },
  uploads: { module: uploadsResourceModule, binding: uploadsBindingOf },
  users: { module: usersModule, binding: usersBinding },
  years: { module: yearsModule, binding: yearsBinding },
}
