import type { FastifyInstance } from 'fastify'
import { type ClusterNode, defaultNodeAddress, joinCluster, listLiveNodes } from './node-registry'

export interface ClusterMembership {
  nodeId: string
  /** Registers this process at its address (main.ts, once it listens: the server's address). */
  join(listening: ReturnType<import('node:net').Server['address']>): Promise<void>
  /** Stops renewing and removes the row (on close). */
  leave(): Promise<void>
  /** The live nodes, this one always among them. */
  nodes(): Promise<ClusterNode[]>
}

export function createClusterMembership(
  app: FastifyInstance,
  node: { id: string; address?: string },
): ClusterMembership {
  let leave: (() => Promise<void>) | undefined
  let address: string | undefined
  const started = new Date().toISOString()
  return {
    nodeId: node.id,
    async join(listening) {
      if (!listening || typeof listening === 'string') return
      address = node.address ?? defaultNodeAddress(listening)
      leave = await joinCluster(app.db, { id: node.id, address }, (error) =>
        app.log.warn({ err: error }, 'cluster registration failed'),
      )
    },
    async leave() {
      await leave?.()
      leave = undefined
    },
    async nodes() {
      const nodes = await listLiveNodes(app.db)
      if (nodes.some((candidate) => candidate.id === node.id)) return nodes
      const now = new Date().toISOString()
      return [...nodes, { id: node.id, address: address ?? '', started_at: started, seen_at: now }].sort(
        (a, b) => a.id.localeCompare(b.id),
      )
    },
  }
}
