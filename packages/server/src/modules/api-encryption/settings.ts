import { and, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { configs } from '../../db/schema/index'

export interface EncryptionSettings {
  enabled: boolean
  /** Menu urls (`/open/login`) whose writes must come encrypted. */
  requiredRoutes: string[]
}

/** API_ENCRYPTION=true turns encryption on whatever the setting says; otherwise the `api_encryption` setting (1) does. */
export async function readEncryptionSettings(db: Db, envEnabled: boolean): Promise<EncryptionSettings> {
  const rows = await db
    .select({ key: configs.key, value: configs.value })
    .from(configs)
    .where(and(inArray(configs.key, ['api_encryption', 'api_encryption_routes']), isNull(configs.deleted_at)))
  const value = (key: string) => rows.find((row) => row.key === key)?.value ?? ''
  return {
    enabled: envEnabled || value('api_encryption').trim() === '1',
    requiredRoutes: value('api_encryption_routes')
      .split(/[\s,]+/)
      .filter((url) => url.startsWith('/')),
  }
}
