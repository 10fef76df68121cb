import { hash } from '@node-rs/argon2'
import { and, eq, inArray, isNull, like, not, sql } from 'drizzle-orm'
import type { Tx } from '../client'
import { configs } from '../schema/index'
import { CONFIG_TYPE, DEFAULT_CONFIGS, FILLED_WHEN_EMPTY, SECRET_CONFIG_KEYS } from './config-defaults'

/**
 * Adds the default settings whose key no live row has, gives the user agreement and privacy policy
 * their default text where they are still empty (installations from before there was one), turns the maintenance mode of installations
 * from before boolean settings (a number 0/1) into a boolean, and hashes a secret setting still stored
 * in plain text (installations from before secrets were hashed).
 */
export async function seedConfigs(tx: Tx): Promise<number> {
  const existing = await tx.select({ key: configs.key }).from(configs).where(isNull(configs.deleted_at))
  const present = new Set(existing.map((row) => row.key))
  const missing = DEFAULT_CONFIGS.filter((config) => !present.has(config.key ?? ''))
  if (missing.length > 0) await tx.insert(configs).values(missing).onConflictDoNothing()
  for (const config of DEFAULT_CONFIGS.filter((one) => FILLED_WHEN_EMPTY.includes(one.key ?? '')))
    await tx
      .update(configs)
      .set({ value: config.value })
      .where(and(eq(configs.key, config.key ?? ''), eq(configs.value, ''), isNull(configs.deleted_at)))
  await tx
    .update(configs)
    .set({
      type: CONFIG_TYPE.boolean,
      options: null,
      value: sql`case when trim(${configs.value}) in ('0', '') then '0' else '1' end`,
    })
    .where(
      and(
        eq(configs.key, 'maintenance_mode'),
        eq(configs.type, CONFIG_TYPE.number),
        isNull(configs.deleted_at),
      ),
    )
  const plain = await tx
    .select({ id: configs.id, value: configs.value })
    .from(configs)
    .where(
      and(
        inArray(configs.key, [...SECRET_CONFIG_KEYS]),
        not(like(configs.value, '$argon2%')),
        not(eq(configs.value, '')),
      ),
    )
  for (const row of plain)
    await tx
      .update(configs)
      .set({ value: await hash(row.value) })
      .where(eq(configs.id, row.id))
  return missing.length
}
