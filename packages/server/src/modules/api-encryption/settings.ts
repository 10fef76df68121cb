import { and, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { configs } from '../../db/schema/index'

export interface EncryptionSettings {
  enabled: boolean
  /** Menu urls (`/open/login`) whose writes must come encrypted. */
  requiredRoutes: string[]
}

/**
 * How long a process reuses the settings it read: every write asks whether its route requires
 * encryption, and a query per write doubled the cost of the cheapest ones. A changed setting
 * reaches every process within this time.
 */
export const SETTINGS_TTL_MS = 5_000
const remembered = new WeakMap<Db, { at: number; settings: Promise<EncryptionSettings> }>()

/** API_ENCRYPTION=true turns encryption on whatever the setting says; otherwise the `api_encryption` setting (1) does. */
export function readEncryptionSettings(db: Db, envEnabled: boolean): Promise<EncryptionSettings> {
  const known = remembered.get(db)
  if (known && Date.now() - known.at < SETTINGS_TTL_MS) return known.settings
  const settings = querySettings(db, envEnabled)
  remembered.set(db, { at: Date.now(), settings })
  settings.catch(() => remembered.delete(db))
  return settings
}

/** Forgets the remembered settings (after a change through the settings page, and in tests). */
export function forgetEncryptionSettings(db: Db): void {
  remembered.delete(db)
}

async function querySettings(db: Db, envEnabled: boolean): Promise<EncryptionSettings> {
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
