// What the operation log costs a write request. The server is bundled from its sources with esbuild
// (into packages/server/dist/bench), seeded, and listens on 127.0.0.1 (a random port); requests go through HTTP:
//   1. PUT /api/admin/firms/:id (a name and the linked banks) as the super administrator: the whole
//      request — session, permission check, validation, the update and its log entry (the caller's
//      location looked up, the changed fields before and after);
//   2. GET /api/admin/firms/:id, the same record read through the same stack: a bare reference;
//   3. the same update through the engine without HTTP, with its log (updateRecord) and without
//      it (the same steps in a transaction, no log, no before/after), taking turns: the difference
//      is the log;
//   4. the location lookup alone (locateIp, µs).
// Median and p95 of BENCH_RUNS runs after a warm-up.
//
//   node bench/operation-log.mjs               PGlite (in memory)
//   BENCH_DB=postgres node bench/operation-log.mjs
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): a server where the bench
//     creates, and afterwards drops, its own database
//   BENCH_RUNS (default 300)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { bundleServer, openBenchDatabase, percentile, timeRuns } from './support.mjs'

const RUNS = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 300) || 300, 10), 5000)
const which = process.env.BENCH_DB ?? 'pglite'

async function measure(name, run, runs = RUNS) {
  const result = { name, ...(await timeRuns(run, { warmup: Math.min(30, runs), runs })) }
  console.log(
    `${name.padEnd(62)} median ${result.median.toFixed(3).padStart(7)} ms   p95 ${result.p95.toFixed(3).padStart(7)} ms`,
  )
  return result
}

/** Times two runs taking turns, so a change of the machine's load weighs on both alike. */
async function measurePair(names, runs) {
  for (let i = 0; i < Math.min(30, RUNS); i++) for (const run of runs) await run()
  const times = runs.map(() => [])
  for (let i = 0; i < RUNS; i++) {
    for (const [index, run] of runs.entries()) {
      const started = performance.now()
      await run()
      times[index].push(performance.now() - started)
    }
  }
  return times.map((list, index) => {
    list.sort((a, b) => a - b)
    const result = { name: names[index], median: percentile(list, 50), p95: percentile(list, 95) }
    console.log(
      `${result.name.padEnd(62)} median ${result.median.toFixed(3).padStart(7)} ms   p95 ${result.p95.toFixed(3).padStart(7)} ms`,
    )
    return result
  })
}

const server = await bundleServer([
  "export { openDatabase } from './src/db/client'",
  "export { seedDatabase } from './src/db/seed/index'",
  "export { buildApp } from './src/app'",
  "export { loadConfig } from './src/config'",
  "export { createSession } from './src/modules/auth/sessions'",
  "export { firmsBinding } from './src/modules/firms/firms.resource'",
  "export { updateRecord } from './src/resource/write-records'",
  "export { saveRecord } from './src/resource/save-record'",
  "export { findRecord, findStoredRow } from './src/resource/find-record'",
  "export { locateIp } from './src/ip-location/locate-ip'",
  "export { firms } from './src/db/schema/index'",
])
const { database, drop } = await openBenchDatabase(server.openDatabase, which)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-bench-'))
try {
  await database.migrate()
  const config = server.loadConfig({ APP_ENV: 'testing', LOG_LEVEL: 'silent', DATA_DIR: dataDir })
  await server.seedDatabase(database.db, { adminPassword: 'bench-secret-123', env: config.env })
  const app = await server.buildApp({ config, database, serveWeb: false })
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 })
  const db = database.db
  const [firm] = await db
    .insert(server.firms)
    .values({ name: 'Bench Life', full_name: 'Bench Life Insurance Co., Ltd.' })
    .returning()
  const { token } = await server.createSession(db, {
    userId: 1,
    remember: false,
    lifetimeMinutes: 120,
    ip: '127.0.0.1',
    userAgent: 'bench',
  })
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }

  // Every run changes the name and the banks, so each log entry has fields before and after.
  let n = 0
  const nextInput = () => {
    n += 1
    return { name: `Bench Life ${n}`, bank_ids: n % 2 ? [1, 2] : [3] }
  }
  const call = (method, body) => async () => {
    const response = await fetch(`${baseUrl}/api/admin/firms/${firm.id}`, {
      method,
      headers,
      body: body ? JSON.stringify(body()) : undefined,
    })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${method} answered ${response.status}`)
  }
  const ctx = {
    db,
    language: 'en',
    env: 'testing',
    appKey: app.appKey,
    userId: 1,
    roleIds: [1],
    ip: '114.114.114.114',
    method: 'PUT',
    url: `/api/admin/firms/${firm.id}`,
    menuUrl: '/admin/firms/{id}',
  }
  const binding = server.firmsBinding
  const withLog = () => server.updateRecord({ ctx, binding, id: firm.id, input: nextInput() })
  const withoutLog = () =>
    db.transaction(async (tx) => {
      const existing = await server.findStoredRow(tx, binding, firm.id, true)
      await server.saveRecord({ tx, ctx, binding, input: nextInput(), existing })
      return server.findRecord(tx, binding, firm.id)
    })

  console.log(`${which}, ${RUNS} runs each`)
  const put = await measure('PUT /api/admin/firms/:id through HTTP (write + log)', call('PUT', nextInput))
  await measure('GET /api/admin/firms/:id through HTTP (bare reference)', call('GET'))
  const [logged, bare] = await measurePair(
    ['the update through the engine, with its log', 'the same update without the log (taking turns)'],
    [withLog, withoutLog],
  )
  const ips = ['114.114.114.114', '8.8.8.8', '192.168.1.1', '2400:3200::1']
  let i = 0
  const lookup = await measure(
    'locateIp alone',
    async () => server.locateIp(ips[i++ % ips.length]),
    RUNS * 10,
  )
  const cost = logged.median - bare.median
  console.log(
    `the log costs ${cost.toFixed(3)} ms a write (median), ${((cost / put.median) * 100).toFixed(1)}% of the HTTP request; ` +
      `the location lookup ${(lookup.median * 1000).toFixed(1)} µs of it`,
  )
  await app.close()
} finally {
  await database.close()
  await drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
