import { yearResource } from '@brokerdesk/shared'
import { years } from '../../db/schema/index'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding } from '../../resource/types'

export const yearsBinding: ResourceBinding = { definition: yearResource, table: years }

export const yearsModule = resourcePlugin(yearsBinding)
