import { isNull } from 'drizzle-orm'
import type { Tx } from '../client'
import { configs } from '../schema/index'
import { DEFAULT_CONFIGS } from './config-defaults'

/** Adds the default settings whose key no live row has. */
export async function seedConfigs(tx: Tx): Promise<number> {
  const existing = await tx.select({ key: configs.key }).from(configs).where(isNull(configs.deleted_at))
  const present = new Set(existing.map((row) => row.key))
  const missing = DEFAULT_CONFIGS.filter((config) => !present.has(config.key ?? ''))
  if (missing.length > 0) await tx.insert(configs).values(missing).onConflictDoNothing()
  return missing.length
}
