import { configResource } from '@brokerdesk/shared'
import { configs } from '../../db/schema/index'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding } from '../../resource/types'
import { forgetEncryptionSettings } from '../api-encryption/settings'
import {
  configsWithinReach,
  logWithoutSecretValue,
  maskSecretValues,
  prepareConfigValues,
} from './secret-configs'

/**
 * System settings; the value is checked against its type by the definition's rules. Secret
 * settings (the common password) are reached by the super administrator only, stored hashed and
 * shown only as set or not.
 */
export const configsBinding: ResourceBinding = {
  definition: configResource,
  table: configs,
  uniqueIndexes: { configs_key_unique: 'key' },
  scope: async (ctx) => configsWithinReach(ctx),
  beforeWrite: prepareConfigValues,
  enrich: maskSecretValues,
  logParameters: logWithoutSecretValue,
  // The encryption settings are remembered for a few seconds; this process forgets them at once.
  afterWrite: async (_id, _values, { ctx }) => forgetEncryptionSettings(ctx.db),
}

export const configsModule = resourcePlugin(configsBinding)
