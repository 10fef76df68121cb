#!/usr/bin/env node
// npm run cluster: the local cluster (see scripts/cluster/cluster.mjs and docs/deploy.md) until Ctrl-C.
// CLUSTER_PORT (HAProxy, default 8080), CLUSTER_BASE_PORT (the other parts from there, default 6400),
// CLUSTER_NODES (server processes, default 3), CLUSTER_DIR (default .cluster).
import os from 'node:os'
import path from 'node:path'
import { buildIfMissing, CHECK, installMissing, root, startCluster } from './cluster/cluster.mjs'

const number = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isInteger(value) || value < 1 || value > 65535)
    throw new Error(`${name} must be a port or count`)
  return value
}

/** The topology as text. */
function describeCluster(cluster) {
  const { ports, port, dir } = cluster
  const lines = [
    `Brokerdesk local cluster (files in ${path.relative(process.cwd(), dir) || dir}; logs: <part>.log there)`,
    '',
    `  browser ──► HAProxy 127.0.0.1:${port}  (round robin, GET /readyz every ${CHECK.interMs} ms, out after ${CHECK.fall})`,
    ...ports.servers.map(
      (p, i) =>
        `                 ├─► node${i + 1}  127.0.0.1:${p}  (DATA_DIR ${path.join(path.basename(dir), `node${i + 1}`)})`,
    ),
    '                 │',
    `  each node ──► PgBouncer 127.0.0.1:${ports.pgbouncer} (transaction mode) ──► PostgreSQL primary 127.0.0.1:${ports.primary}`,
    `            ──► primary directly (migrations, the one LISTEN connection)`,
    `            ──► streaming replica 127.0.0.1:${ports.replica} (reads that may lag)`,
    `            ──► Redis 127.0.0.1:${ports.redis}   ──► S3 stand-in http://127.0.0.1:${ports.s3} (bucket files)`,
    '',
    `Open http://127.0.0.1:${port}/ and log in as admin with the password in ${path.join(path.basename(dir), 'admin-password')}.`,
    `Machines: ${os.hostname()}, load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  ]
  return lines.join('\n')
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
