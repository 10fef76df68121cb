import { adminResource } from './admin'
import { agentSystemResource } from './agent-system'
import { appResource } from './app'
import { areaResource } from './area'
import { bankResource } from './bank'
import { classifyResource } from './classify'
import { configResource } from './config'
import { contactMessageResource } from './contact-message'
import type { ResourceDefinition } from './define-resource'
import { departmentResource } from './department'
import { firmResource } from './firm'
import { logResource } from './log'
import { logCountResource } from './log-count'
import { menuResource } from './menu'
import { messageResource } from './message'
import { pclassifyResource } from './pclassify'
import { productResource } from './product'
import { roleResource } from './role'
import { sessionResource } from './session'
import { uploadResource } from './upload'
import { userResource } from './user'
import { yearResource } from './year'

/**
 * Every resource definition by its name (the url segment under /admin): the one list of resources.
 * The server keys its module of each resource by these names (a resource added here and not served
 * there fails its type check), and its tests of every resource iterate them.
 */
const DEFINITIONS = {
  admins: adminResource,
  'agent-systems': agentSystemResource,
  apps: appResource,
  areas: areaResource,
  banks: bankResource,
  classifys: classifyResource,
  configs: configResource,
  'contact-messages': contactMessageResource,
  departments: departmentResource,
  firms: firmResource,
  logs: logResource,
  'log-counts': logCountResource,
  menus: menuResource,
  messages: messageResource,
  pclassifys: pclassifyResource,
  products: productResource,
  roles: roleResource,
  sessions: sessionResource,
  uploads: uploadResource,
  users: userResource,
  years: yearResource,
} satisfies Record<string, ResourceDefinition>

/** The name of a resource of the registry. */
export type ResourceName = keyof typeof DEFINITIONS

/** The resources by name; looked up by a name read from a request or a layout, so keyed by any string. */
export const RESOURCES: Record<string, ResourceDefinition> = DEFINITIONS
