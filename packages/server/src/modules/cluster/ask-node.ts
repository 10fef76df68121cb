import type { FastifyInstance } from 'fastify'
import { AppError } from '../../errors'
import { NODE_KEY_HEADER, nodeKey } from './node-key'

/** How long a node waits for another's answer. */
const ASK_TIMEOUT_MS = 5000

/** The address of a live node of the cluster; 404 for one not (or no longer) there. */
export async function findNode(app: FastifyInstance, id: string): Promise<string> {
  const node = (await app.cluster.nodes()).find((candidate) => candidate.id === id)
  if (!node) throw new AppError('not_found', 'cluster.node_not_found')
  return node.address
}

/** GET `path` of the node at `address` with the node key; 502 when it cannot be reached in time. */
export async function askNode(address: string, path: string, appKey: string): Promise<Response> {
  try {
    return await fetch(`${address}${path}`, {
      headers: { [NODE_KEY_HEADER]: nodeKey(appKey), accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
    })
  } catch {
    throw new AppError('bad_gateway', 'cluster.node_unreachable')
  }
}
