import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from './db/client'
import { appSecrets } from './db/schema/index'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A random string over the 62 letters and digits (SPEC §9), without modulo bias. */
export function randomString(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62]
    }
  }
  return out
}

export function hmac(key: string, data: string): string {
  return createHmac('sha256', key).update(data).digest('base64url')
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * The application key: APP_KEY when set; otherwise one generated on first start and kept in the
 * database, so every server process behind a load balancer signs with the same key.
 */
export async function resolveAppKey(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured
  const [existing] = await db.select().from(appSecrets).where(eq(appSecrets.key, 'app_key'))
  if (existing) return existing.value
  await db
    .insert(appSecrets)
    .values({ key: 'app_key', value: randomString(48) })
    .onConflictDoNothing()
  const [stored] = await db.select().from(appSecrets).where(eq(appSecrets.key, 'app_key'))
  return stored.value
}
