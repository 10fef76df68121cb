import { agentSystemResource } from './agent-system'
import { areaResource } from './area'
import { bankResource } from './bank'
import { classifyResource } from './classify'
import { configResource } from './config'
import type { ResourceDefinition } from './define-resource'
import { firmResource } from './firm'
import { logResource } from './log'
import { logCountResource } from './log-count'
import { pclassifyResource } from './pclassify'
import { productResource } from './product'
import { userResource } from './user'
import { yearResource } from './year'

/** Every resource definition by its name (the url segment under /admin). */
export const RESOURCES: Record<string, ResourceDefinition> = {
  'agent-systems': agentSystemResource,
  areas: areaResource,
  banks: bankResource,
  classifys: classifyResource,
  configs: configResource,
  firms: firmResource,
  logs: logResource,
  'log-counts': logCountResource,
  pclassifys: pclassifyResource,
  products: productResource,
  users: userResource,
  years: yearResource,
}
