import dns from 'node:dns'
import net from 'node:net'

/**
 * Addresses a webhook may not reach: loopback, private, link-local, shared, unique-local and
 * unspecified ones, and multicast (the server's own network is not the public's to call).
 */
const PRIVATE = new net.BlockList()
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(address, prefix, 'ipv4')
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(address, prefix, 'ipv6')

/** Whether an IP address is one a webhook may not reach (IPv4-mapped IPv6 judged as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4')
  const family = net.isIP(address)
  if (family === 0) return true
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

export class PrivateAddressError extends Error {
  constructor(readonly host: string) {
    super(`${host} resolves to a loopback or private address`)
  }
}

/**
 * A `lookup` for http.request that refuses private addresses, so the address checked is the
 * address connected to (a name cannot resolve to a public address when checked and a private one
 * when called). With `allowPrivate` (WEBHOOK_ALLOW_PRIVATE) every address is allowed.
 */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0)
      const list = addresses as dns.LookupAddress[]
      const refused = !allowPrivate && list.some((entry) => isPrivateAddress(entry.address))
      if (refused || list.length === 0) return callback(new PrivateAddressError(hostname), '', 0)
      if ((options as dns.LookupOptions).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list)
      callback(null, list[0].address, list[0].family)
    })
  }
}

/**
 * Whether a webhook's address may be called: http(s), no user name or password in it, and a host
 * resolving to public addresses only (unless `allowPrivate`). Answers the reason it may not, or null.
 */
export async function refusedWebhookUrl(
  url: string,
  allowPrivate: boolean,
): Promise<'url' | 'private' | null> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'url'
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || parsed.username || parsed.password) return 'url'
  if (allowPrivate) return null
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  if (net.isIP(host)) return isPrivateAddress(host) ? 'private' : null
  try {
    const addresses = await dns.promises.lookup(host, { all: true })
    return addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address))
      ? 'private'
      : null
  } catch {
    return 'url'
  }
}
