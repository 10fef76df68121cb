import { hkdfSync, timingSafeEqual } from 'node:crypto'

/** The header a node's call to another carries. */
export const NODE_KEY_HEADER = 'x-brokerdesk-node-key'

/** The key nodes show each other: derived from APP_KEY (which every node shares), never APP_KEY itself. */
export function nodeKey(appKey: string): string {
  return Buffer.from(hkdfSync('sha256', appKey, 'brokerdesk', 'cluster.node-calls', 32)).toString('base64url')
}

/** Whether `given` is the node key (compared in constant time). */
export function isNodeKey(appKey: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length > 200) return false
  const expected = Buffer.from(nodeKey(appKey))
  const actual = Buffer.from(given)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
