import os from 'node:os'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { clusterNodes } from '../../db/schema/index'

/** How often a node renews its row, and after how long without it a node counts as gone. */
export const NODE_RENEW_MS = 15_000
export const NODE_GONE_MS = 3 * NODE_RENEW_MS

export interface ClusterNode {
  id: string
  address: string
  started_at: string
  seen_at: string
}

/**
 * Where peers reach this process: the address it listens on, or when it listens on every address this
 * machine's first outside IPv4 address (127.0.0.1 without one); NODE_ADDRESS says otherwise.
 */
export function defaultNodeAddress(listening: { address: string; port: number; family: string }): string {
  const { address, port } = listening
  if (address !== '0.0.0.0' && address !== '::')
    return `http://${listening.family === 'IPv6' ? `[${address}]` : address}:${port}`
  const outside = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)
  return `http://${outside?.address ?? '127.0.0.1'}:${port}`
}

/** Records (or renews) this node and its address. */
export async function registerNode(db: Db, node: { id: string; address: string }): Promise<void> {
  await db
    .insert(clusterNodes)
    .values({ node_id: node.id, address: node.address })
    .onConflictDoUpdate({ target: clusterNodes.node_id, set: { address: node.address, seen_at: sql`now()` } })
}

/** Removes this node's row (it stops). */
export async function leaveCluster(db: Db, id: string): Promise<void> {
  await db.delete(clusterNodes).where(eq(clusterNodes.node_id, id))
}

/** The nodes seen lately, by id. */
export async function listLiveNodes(db: Db): Promise<ClusterNode[]> {
  const rows = await db
    .select()
    .from(clusterNodes)
    .where(and(gt(clusterNodes.seen_at, sql`now() - ${NODE_GONE_MS} * interval '1 millisecond'`)))
    .orderBy(clusterNodes.node_id)
  return rows.map((row) => ({
    id: row.node_id,
    address: row.address,
    started_at: row.started_at.toISOString(),
    seen_at: row.seen_at.toISOString(),
  }))
}

/**
 * Registers the node now and renews it every NODE_RENEW_MS; the answer stops renewing and removes
 * the row. A failed renewal is reported and tried again at the next turn.
 */
export async function joinCluster(
  db: Db,
  node: { id: string; address: string },
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  await registerNode(db, node)
  const timer = setInterval(() => void registerNode(db, node).catch(onError), NODE_RENEW_MS)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await leaveCluster(db, node.id).catch(onError)
  }
}
