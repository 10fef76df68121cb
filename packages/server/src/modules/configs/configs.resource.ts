import { configResource } from '@brokerdesk/shared'
import { configs } from '../../db/schema/index'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding } from '../../resource/types'

/** System settings; the value is checked against its type by the definition's rules. */
export const configsBinding: ResourceBinding = {
  definition: configResource,
  table: configs,
  uniqueIndexes: { configs_key_unique: 'key' },
}

export const configsModule = resourcePlugin(configsBinding)
