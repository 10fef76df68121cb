import { configResource } from '@brokerdesk/shared'
import type { FastifyInstance } from 'fastify'
import { configs } from '../../db/schema/index'
import { resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding } from '../../resource/types'
import { forgetEncryptionSettings } from '../api-encryption/settings'
import { SETTINGS_TOPIC } from './live-settings'
import {
  configsWithinReach,
  logWithoutSecretValue,
  maskSecretValues,
  prepareConfigValues,
  refuseSensitiveDelete,
} from './secret-configs'

/**
 * System settings; the value is checked against its type by the definition's rules. Secret
 * settings (the common password) are reached by the super administrator only, stored hashed and
 * shown only as set or not; sensitive ones (SENSITIVE_CONFIG_KEYS) are changed by them only.
 */
export const configsBinding: ResourceBinding = {
  definition: configResource,
  table: configs,
  uniqueIndexes: { configs_key_unique: 'key' },
  seeded: [
    { kind: 'configs', key: 'key', fields: { name: 'name', description: 'description', value: 'value' } },
  ],
  scope: async (ctx) => configsWithinReach(ctx),
  beforeWrite: prepareConfigValues,
  beforeDelete: refuseSensitiveDelete,
  enrich: maskSecretValues,
  logParameters: logWithoutSecretValue,
  // The encryption settings are remembered for a few seconds; this process forgets them at once.
  afterWrite: async (_id, _values, { ctx }) => forgetEncryptionSettings(ctx.db),
}

const configsRoutes = resourcePlugin(configsBinding)

/**
 * The settings' routes; after a write that succeeded (its transaction committed), every server
 * process is told through the change bus, so that a change takes effect without a restart.
 */
export async function configsModule(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      await app.changeBus.publish(SETTINGS_TOPIC)
    }
    return payload
  })
  await configsRoutes(app, {})
}
