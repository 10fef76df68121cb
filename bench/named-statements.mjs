// What named prepared statements cost or save (issue 23): the same built server, three processes on
// the cluster's database, asked in interleaved rounds through HTTP (autocannon, 10 connections) for the
// firms list and a firm's page data:
//   pooled   — through PgBouncer (transaction mode) with DB_NAMED_STATEMENTS=false, as the cluster runs
//   direct   — straight to PostgreSQL with named statements (the single-machine default)
//   unnamed  — straight to PostgreSQL without them (isolates the naming from PgBouncer's hop)
// Each round asks the three in turn, the order rotating; printed: requests/s and p95 per side, and the
// ratios to `direct` as min / median / max of the rounds, with the load average.
//
//   node bench/named-statements.mjs
//   BENCH_SECONDS (a side's turn, default 5, at most 60), BENCH_ROUNDS (default 5, at most 20),
//   BENCH_CLUSTER_BASE_PORT (default 18520; HAProxy on base - 1, the extra processes on base + 20, + 21)
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { buildIfMissing, installMissing, root, startCluster } from '../scripts/cluster/cluster.mjs'

const bounded = (name, fallback, min, max) =>
  Math.min(max, Math.max(min, Number(process.env[name] ?? fallback) || fallback))
const seconds = bounded('BENCH_SECONDS', 5, 1, 60)
const rounds = bounded('BENCH_ROUNDS', 5, 1, 20)
const basePort = bounded('BENCH_CLUSTER_BASE_PORT', 18520, 1025, 65000)

installMissing()
buildIfMissing()
const dir = path.resolve(root, process.env.BENCH_CLUSTER_DIR ?? '.cluster-named')
const cluster = await startCluster({ dir, basePort, port: basePort - 1, nodes: 1, log: () => undefined })
const extra = []
const sides = []
try {
  const pooled = cluster.serverEnv(0)
  const variant = (name, port, env) => {
    const out = fs.openSync(path.join(dir, `${name}.log`), 'a')
    const proc = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
      env: {
        ...pooled,
        ...env,
        PORT: String(port),
        NODE_ID: name,
        NODE_ADDRESS: `http://127.0.0.1:${port}`,
        DATA_DIR: path.join(dir, name),
      },
      stdio: ['ignore', out, out],
    })
    extra.push(proc)
    return { name, url: `http://127.0.0.1:${port}` }
  }
  sides.push({ name: 'pooled', url: `http://127.0.0.1:${cluster.ports.servers[0]}` })
  sides.push(
    variant('direct', basePort + 20, { DATABASE_URL: cluster.primaryUrl, DB_NAMED_STATEMENTS: 'true' }),
  )
  sides.push(
    variant('unnamed', basePort + 21, { DATABASE_URL: cluster.primaryUrl, DB_NAMED_STATEMENTS: 'false' }),
  )
  for (const side of sides) {
    const until = Date.now() + 120_000
    while (
      !(await fetch(`${side.url}/readyz`)
        .then((r) => r.ok)
        .catch(() => false))
    ) {
      if (Date.now() > until) throw new Error(`${side.name} did not start`)
      await new Promise((resolve) => setTimeout(resolve, 300))
    }
  }
  const login = await fetch(`${sides[0].url}/api/open/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: cluster.adminPassword }),
  }).then((r) => r.json())
  const headers = { authorization: `Bearer ${login.token}` }
  const cases = ['/api/admin/firms/list?per_page=20', '/api/admin/firms']
  const results = new Map(sides.map((side) => [side.name, { rps: [], p95: [] }]))
  const ratios = new Map(sides.map((side) => [side.name, []]))
  // Warm-up: plans, pools and the JIT of each process.
  for (const side of sides)
    await autocannon({
      url: `${side.url}${cases[0]}`,
      headers,
      connections: 10,
      duration: 1,
      requests: cases.map((c) => ({ path: c })),
    })
  for (let round = 0; round < rounds; round++) {
    const order = sides.map((_, i) => sides[(i + round) % sides.length])
    const rps = new Map()
    for (const side of order) {
      const result = await autocannon({
        url: side.url,
        headers,
        connections: 10,
        duration: seconds,
        requests: cases.map((c) => ({ path: c })),
      })
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${side.name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
      rps.set(side.name, result.requests.average)
      results.get(side.name).rps.push(result.requests.average)
      results.get(side.name).p95.push(result.latency.p97_5 ?? result.latency.p99)
    }
    for (const side of sides) ratios.get(side.name).push(rps.get(side.name) / rps.get('direct'))
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  console.log(
    `\nfirms list + page data, 10 connections, ${rounds} rounds of ${seconds} s a side; load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  )
  console.table(
    sides.map((side) => {
      const r = results.get(side.name)
      const ratio = ratios.get(side.name)
      return {
        side: side.name,
        'req/s median': Math.round(median(r.rps)),
        'p97.5 ms median': Math.round(median(r.p95)),
        'ratio to direct min / median / max': `${Math.min(...ratio).toFixed(2)} / ${median(ratio).toFixed(2)} / ${Math.max(...ratio).toFixed(2)}`,
      }
    }),
  )
} finally {
  await Promise.all(
    extra.map(
      (proc) =>
        new Promise((resolve) => {
          if (proc.exitCode !== null) return resolve()
          proc.once('exit', resolve)
          proc.kill('SIGTERM')
        }),
    ),
  )
  await cluster.stop()
}
