// The cluster test (a bench, not in the unit suite): the local cluster of scripts/cluster (HAProxy,
// 3 processes, PgBouncer, primary + streaming replica, Redis, S3 stand-in) under mixed reads and
// writes from many clients through HAProxy, with 3, 2 and 1 processes; then with 3: kill -9 of one
// process mid-load, a rolling restart, the replica stopped. Each write carries a unique name; after a
// phase the rows are counted on the primary: an answered write missing is lost, a name twice doubled.
//
//   node bench/cluster.mjs
//   BENCH_SECONDS (a size's phase, default 60, at most 300), BENCH_FAULT_SECONDS (default 30),
//   BENCH_CLIENTS (default 32, at most 256), BENCH_WRITES (share of writes, default 0.2),
//   BENCH_CLUSTER_BASE_PORT (default 18500; HAProxy on base + 80), BENCH_CLUSTER_DIR (default .cluster-bench)
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildIfMissing, installMissing, root, startCluster } from '../scripts/cluster/cluster.mjs'
import { percentile } from './support.mjs'

const bounded = (name, fallback, min, max) =>
  Math.min(max, Math.max(min, Number(process.env[name] ?? fallback) || fallback))
const seconds = bounded('BENCH_SECONDS', 60, 5, 300)
const faultSeconds = bounded('BENCH_FAULT_SECONDS', 30, 10, 300)
const clients = bounded('BENCH_CLIENTS', 32, 1, 256)
const writeShare = bounded('BENCH_WRITES', 0.2, 0, 1)
const basePort = bounded('BENCH_CLUSTER_BASE_PORT', 18500, 1024, 65000)
const run = Date.now().toString(36)

installMissing()
buildIfMissing()
const cluster = await startCluster({
  dir: path.resolve(root, process.env.BENCH_CLUSTER_DIR ?? '.cluster-bench'),
  basePort,
  port: basePort + 80,
  nodes: 3,
  log: () => undefined,
})
const base = `http://127.0.0.1:${cluster.port}`
const primary = new pg.Client({ connectionString: cluster.primaryUrl })
await primary.connect()
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function logIn() {
  const answer = await fetch(`${base}/api/open/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: cluster.adminPassword }),
  })
  const body = await answer.json()
  if (!body.token) throw new Error(`login answered ${answer.status}: ${JSON.stringify(body)}`)
  return body.token
}

/**
 * `clients` loops for `ms`, each a read (the firms list) or a write (a firm with a unique name) at a
 * time; `during` runs beside them (the fault). Answers the counts, the times and the written names.
 */
async function load(phase, ms, during = async () => undefined) {
  const token = await logIn()
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const times = []
  const failures = new Map()
  const acked = new Set()
  const failedWrites = new Set()
  let reads = 0
  let writes = 0
  let sequence = 0
  const until = Date.now() + ms
  const samples = { lagMs: 0, primaryConnections: 0, replicaConnections: 0, replicaStates: new Set() }
  let sampling = true
  const sampler = (async () => {
    while (sampling) {
      const ready = await fetch(`${base}/readyz`)
        .then((r) => r.json())
        .catch(() => undefined)
      if (ready?.replica) {
        samples.replicaStates.add(ready.replica.state)
        samples.lagMs = Math.max(samples.lagMs, ready.replica.lag_ms ?? 0)
      }
      const { rows } = await primary.query(
        "select count(*)::int as n from pg_stat_activity where datname = 'brokerdesk' and backend_type = 'client backend'",
      )
      samples.primaryConnections = Math.max(samples.primaryConnections, rows[0].n)
      const replica = new pg.Client({ connectionString: cluster.replicaUrl })
      await replica
        .connect()
        .then(() =>
          replica.query(
            "select count(*)::int as n from pg_stat_activity where datname = 'brokerdesk' and backend_type = 'client backend'",
          ),
        )
        .then(({ rows }) => {
          // Less this sampler's own connection.
          samples.replicaConnections = Math.max(samples.replicaConnections, rows[0].n - 1)
        })
        .catch(() => undefined)
      await replica.end().catch(() => undefined)
      await sleep(1000)
    }
  })()
  const fail = (what) => failures.set(what, (failures.get(what) ?? 0) + 1)
  const client = async () => {
    while (Date.now() < until) {
      const write = Math.random() < writeShare
      const name = `bench-${run}-${phase}-${sequence++}`
      const started = performance.now()
      try {
        const answer = write
          ? await fetch(`${base}/api/admin/firms`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ name, full_name: name, type: 1 }),
              signal: AbortSignal.timeout(15_000),
            })
          : await fetch(`${base}/api/admin/firms/list?per_page=20`, {
              headers,
              signal: AbortSignal.timeout(15_000),
            })
        await answer.arrayBuffer()
        times.push(performance.now() - started)
        if (answer.ok) {
          if (write) acked.add(name)
        } else {
          fail(`${write ? 'write' : 'read'} ${answer.status}`)
          if (write) failedWrites.add(name)
        }
      } catch (error) {
        fail(`${write ? 'write' : 'read'} ${error.cause?.code ?? error.name}`)
        if (write) failedWrites.add(name)
      }
      if (write) writes++
      else reads++
    }
  }
  const started = performance.now()
  await Promise.all([...Array.from({ length: clients }, client), during()])
  const elapsed = (performance.now() - started) / 1000
  sampling = false
  await sampler
  const { rows } = await primary.query(
    'select name, count(*)::int as n from firms where name like $1 group by name',
    [`bench-${run}-${phase}-%`],
  )
  const stored = new Map(rows.map((row) => [row.name, row.n]))
  times.sort((a, b) => a - b)
  return {
    phase,
    requests: reads + writes,
    throughput: (reads + writes) / elapsed,
    p95: percentile(times, 95),
    errors: [...failures.values()].reduce((a, b) => a + b, 0),
    failures: Object.fromEntries(failures),
    lost: [...acked].filter((name) => !stored.has(name)).length,
    doubled: [...stored.values()].filter((n) => n > 1).length,
    failedButStored: [...failedWrites].filter((name) => stored.has(name)).length,
    acked: acked.size,
    ...samples,
    replicaStates: [...samples.replicaStates].join('/'),
  }
}

const results = []
const report = (result) => {
  results.push(result)
  console.log(
    `  ${result.phase}: ${result.throughput.toFixed(0)} req/s, p95 ${result.p95.toFixed(0)} ms, errors ${result.errors}`,
  )
}
try {
  console.log(
    `cluster bench: ${clients} clients, ${Math.round(writeShare * 100)} % writes, load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  )
  report(await load('3 processes', seconds * 1000))
  await cluster.stopNode(2)
  await sleep(3000)
  report(await load('2 processes', seconds * 1000))
  await cluster.stopNode(1)
  await sleep(3000)
  report(await load('1 process', seconds * 1000))
  await cluster.startNode(1)
  await cluster.startNode(2)
  await sleep(3000)
  report(
    await load('kill -9 node2', faultSeconds * 1000, async () => {
      await sleep(faultSeconds * 300)
      cluster.killNode(1)
      await sleep(faultSeconds * 300)
      await cluster.startNode(1)
    }),
  )
  report(
    await load('rolling restart', faultSeconds * 1000, async () => {
      await sleep(2000)
      for (const i of [0, 1, 2]) await cluster.restartNode(i)
    }),
  )
  report(
    await load('replica stopped', faultSeconds * 1000, async () => {
      await sleep(faultSeconds * 300)
      cluster.stopReplica()
      await sleep(faultSeconds * 400)
      cluster.startReplica()
    }),
  )
} finally {
  await primary.end()
  await cluster.stop()
}

console.log(
  `\n${seconds} s a size, ${faultSeconds} s a fault; ${clients} clients through HAProxy; load average ${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)\n`,
)
console.table(
  results.map((r) => ({
    phase: r.phase,
    'req/s': Math.round(r.throughput),
    'p95 ms': Math.round(r.p95),
    requests: r.requests,
    errors: r.errors,
    'writes answered': r.acked,
    lost: r.lost,
    doubled: r.doubled,
    'failed but stored': r.failedButStored,
    'replica lag max ms': r.lagMs,
    'replica states': r.replicaStates,
    'PG connections primary': r.primaryConnections,
    'PG connections replica': r.replicaConnections,
  })),
)
for (const r of results) if (r.errors) console.log(`${r.phase}: ${JSON.stringify(r.failures)}`)
