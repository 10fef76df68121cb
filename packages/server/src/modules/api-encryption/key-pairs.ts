import { createPrivateKey, generateKeyPair, type KeyObject } from 'node:crypto'
import { promisify } from 'node:util'
import { desc, gt, isNull, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { apiKeyPairs } from '../../db/schema/index'

const generate = promisify(generateKeyPair)

/** How long a retired key pair still decrypts after a rotation (pages opened before it). */
export const RETIRED_KEY_GRACE_MS = 10 * 60_000

/** Parsed private keys by key pair id; a pair never changes, so the parsed key may be kept. */
const parsed = new Map<number, KeyObject>()

async function newPair(db: Db) {
  const { publicKey, privateKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  const [row] = await db
    .insert(apiKeyPairs)
    .values({ public_key: publicKey, private_key: privateKey })
    .returning()
  return row
}

/** The key pair in use (the newest unretired one), created on first need. */
export async function currentKeyPair(db: Db) {
  const [row] = await db
    .select()
    .from(apiKeyPairs)
    .where(isNull(apiKeyPairs.retired_at))
    .orderBy(desc(apiKeyPairs.id))
    .limit(1)
  return row ?? newPair(db)
}

/** Retires the key pair in use and makes a new one; answers the new public key. */
export async function rotateKeyPair(db: Db): Promise<string> {
  await db.update(apiKeyPairs).set({ retired_at: new Date() }).where(isNull(apiKeyPairs.retired_at))
  return (await newPair(db)).public_key
}

/** The private keys that decrypt now: the one in use first, then those retired within the grace period. */
export async function decryptionKeys(db: Db): Promise<KeyObject[]> {
  await currentKeyPair(db)
  const rows = await db
    .select({ id: apiKeyPairs.id, private_key: apiKeyPairs.private_key })
    .from(apiKeyPairs)
    .where(
      or(
        isNull(apiKeyPairs.retired_at),
        gt(apiKeyPairs.retired_at, new Date(Date.now() - RETIRED_KEY_GRACE_MS)),
      ),
    )
    .orderBy(desc(apiKeyPairs.id))
  return rows.map((row) => {
    let key = parsed.get(row.id)
    if (!key) {
      key = createPrivateKey(row.private_key)
      parsed.set(row.id, key)
    }
    return key
  })
}
