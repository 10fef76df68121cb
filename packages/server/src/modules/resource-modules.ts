import type { FastifyPluginAsync } from 'fastify'
import { adminsModule } from './admins/admins.resource'
import { agentSystemsModule } from './agent-systems/agent-systems.resource'
import { appsModule } from './apps/apps.resource'
import { areasModule } from './areas/areas.resource'
import { banksModule } from './banks/banks.resource'
import { classifysModule } from './classifys/classifys.resource'
import { configsModule } from './configs/configs.resource'
import { contactMessagesModule } from './contact-messages/contact-messages.resource'
import { departmentsModule } from './departments/departments.resource'
import { firmsModule } from './firms/firms.resource'
import { logCountsModule } from './log-counts/log-counts.routes'
import { logsModule } from './logs/logs.resource'
import { menusModule } from './menus/menus.resource'
import { messagesModule } from './messages/messages.resource'
import { pclassifysModule } from './pclassifys/pclassifys.resource'
import { productsModule } from './products/products.resource'
import { rolesModule } from './roles/roles.resource'
import { sessionsModule } from './sessions/sessions.resource'
import { uploadsResourceModule } from './uploads/uploads.resource'
import { uploadsModule } from './uploads/uploads.routes'
import { usersModule } from './users/users.resource'
import { yearsModule } from './years/years.resource'

/** The resources served by the resource engine, and the upload route. */
export const resourceModules: FastifyPluginAsync[] = [
  firmsModule,
  productsModule,
  banksModule,
  classifysModule,
  pclassifysModule,
  yearsModule,
  agentSystemsModule,
  areasModule,
  usersModule,
  adminsModule,
  departmentsModule,
  rolesModule,
  menusModule,
  configsModule,
  logsModule,
  sessionsModule,
  logCountsModule,
  messagesModule,
  contactMessagesModule,
  appsModule,
  uploadsModule,
  uploadsResourceModule,
]
