#!/usr/bin/env node
// npm run cluster: the local cluster (see scripts/cluster/cluster.mjs and docs/deploy.md) until Ctrl-C.
// CLUSTER_PORT (HAProxy, default 8080), CLUSTER_BASE_PORT (the other parts from there, default 6400),
// CLUSTER_NODES (server processes, default 3), CLUSTER_DIR (default .cluster).
import path from 'node:path'
import { buildIfMissing, describeCluster, installMissing, root, startCluster } from './cluster/cluster.mjs'

const number = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isInteger(value) || value < 1 || value > 65535)
    throw new Error(`${name} must be a port or count`)
  return value
}

installMissing()
buildIfMissing()
const cluster = await startCluster({
  dir: path.resolve(root, process.env.CLUSTER_DIR ?? '.cluster'),
  port: number('CLUSTER_PORT', 8080),
  basePort: number('CLUSTER_BASE_PORT', 6400),
  nodes: number('CLUSTER_NODES', 3),
})
console.log(`\n${describeCluster(cluster)}\n\nCtrl-C stops everything.`)
let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  console.log('stopping the cluster')
  await cluster.stop()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
