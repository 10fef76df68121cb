import { createHmac } from 'node:crypto'
import { BlockList, isIP } from 'node:net'
import { APP_TOKEN_PREFIX } from '@brokerdesk/shared'
import { randomString, safeEqual } from '../../secrets'

/**
 * An app's secret as stored: HMAC-SHA256 under the application key. The secret is 40 random
 * characters (238 bits), so a slow password hash buys nothing and a keyed hash keeps the token
 * exchange fast; without the application key a stolen table does not even allow guessing.
 */
export function hashAppSecret(appKey: string, secret: string): string {
  return createHmac('sha256', appKey).update(`app-secret:${secret}`).digest('hex')
}

export function appSecretMatches(appKey: string, secret: string, storedHash: string): boolean {
  return safeEqual(hashAppSecret(appKey, secret), storedHash)
}

export const newClientId = () => `app_${randomString(24)}`
export const newAppSecret = () => randomString(40)
export const newAppToken = () => `${APP_TOKEN_PREFIX}${randomString(48)}`

/** Whether `ip` is in the allowlist (addresses and CIDR ranges one a line); an empty list allows all. */
export function ipAllowed(allowedIps: string, ip: string): boolean {
  const entries = allowedIps.split('\n').filter(Boolean)
  if (entries.length === 0) return true
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
  if (isIP(address) === 0) return false
  const list = new BlockList()
  for (const entry of entries) {
    const [net, prefix] = entry.split('/')
    const entryFamily = isIP(net) === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(net, entryFamily)
    else list.addSubnet(net, Number(prefix), entryFamily)
  }
  return list.check(address, family)
}
