import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

const VERSION = 'v1'

/** What a sealed text is for: each purpose has its own key. */
export type SealPurpose = 'agent-systems.password' | 'users.totp_secret' | 'webhooks.secret'

/** A 256-bit key for one purpose's secrets (agent-system passwords by default, TOTP and webhook secrets), derived from the application key. */
function keyOf(appKey: string, purpose: SealPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', appKey, 'brokerdesk', purpose, 32))
}

/** Encrypts a password with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealPassword(
  appKey: string,
  password: string,
  purpose: SealPurpose = 'agent-systems.password',
): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(appKey, purpose), iv)
  const data = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()])
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** Decrypts a sealed password (for a connector that logs into the agent system) or secret; throws when tampered with. */
export function openPassword(
  appKey: string,
  sealed: string,
  purpose: SealPurpose = 'agent-systems.password',
): string {
  const [version, iv, tag, data] = sealed.split('.')
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not a sealed password')
  const decipher = createDecipheriv('aes-256-gcm', keyOf(appKey, purpose), Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
}
