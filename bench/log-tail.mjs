// The time to preview the end of a 1 GB log file through HTTP (GET /api/admin/file-log/index?file=…,
// 200 lines), and to page 50 pages backwards from there, next to reading the last 64 KB with fs
// directly and to the same route listing the files (HTTP, session and permission check alone).
// The server is built in this process (in-memory PGlite) and listens on a free port.
//
//   node bench/log-tail.mjs
//   BENCH_LOG_MB (default 1024), BENCH_RUNS (default 30)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { bundleServer, timeRuns } from './support.mjs'

const sizeMb = Math.min(Math.max(Number(process.env.BENCH_LOG_MB ?? 1024) || 1024, 1), 8192)
const runs = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 30) || 30, 1), 1000)

const { buildApp, loadConfig, openDatabase, seedDatabase, createSession } = await bundleServer([
  "export { buildApp } from './src/app'",
  "export { loadConfig } from './src/config'",
  "export { openDatabase } from './src/db/client'",
  "export { seedDatabase } from './src/db/seed/index'",
  "export { createSession } from './src/modules/auth/sessions'",
])

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-bench-log-'))
const logDir = path.join(dataDir, 'logs')
fs.mkdirSync(logDir)
const name = 'brokerdesk.2026-11-23.1.log'
const file = path.join(logDir, name)

// About `sizeMb` MB of log lines shaped like pino's, written in 8 MB chunks.
const started = performance.now()
const lines = []
for (let i = 0; i < 40_000; i++) {
  lines.push(
    JSON.stringify({
      level: 30,
      time: 1_795_000_000_000 + i,
      pid: 4242,
      reqId: `req-${i.toString(36)}`,
      req: { method: 'GET', url: `/web-api/admin/firms/list?page=${i % 50}` },
      res: { statusCode: 200 },
      responseTime: (i % 97) / 7,
      msg: 'request completed',
    }),
  )
}
const chunk = Buffer.from(`${lines.join('\n')}\n`)
const out = fs.openSync(file, 'w')
let written = 0
while (written < sizeMb * 1024 * 1024) {
  fs.writeSync(out, chunk)
  written += chunk.length
}
fs.closeSync(out)
const size = fs.statSync(file).size
console.log(
  `wrote ${(size / 1024 / 1024).toFixed(0)} MB of log lines in ${((performance.now() - started) / 1000).toFixed(1)} s`,
)

const config = loadConfig({
  APP_ENV: 'testing',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-secret-123',
})
const database = await openDatabase({})
await database.migrate()
await seedDatabase(database.db, { adminPassword: 'bench-secret-123', env: config.env })
const app = await buildApp({ config, database, serveWeb: false })
await app.listen({ host: '127.0.0.1', port: 0 })
const base = `http://127.0.0.1:${app.server.address().port}`
const { token } = await createSession(database.db, {
  userId: 1,
  remember: false,
  lifetimeMinutes: 120,
  ip: '127.0.0.1',
  userAgent: 'bench',
})
const headers = { authorization: `Bearer ${token}` }

async function preview(before) {
  const query = `file=${name}&lines=200${before === undefined ? '' : `&before=${before}`}`
  const response = await fetch(`${base}/api/admin/file-log/index?${query}`, { headers })
  if (response.status !== 200)
    throw new Error(`preview answered ${response.status}: ${await response.text()}`)
  const page = await response.json()
  if (page.lines.length !== 200) throw new Error(`expected 200 lines, got ${page.lines.length}`)
  return page
}

async function readLast64k() {
  const handle = await fs.promises.open(file, 'r')
  const buffer = Buffer.alloc(64 * 1024)
  await handle.read(buffer, 0, buffer.length, size - buffer.length)
  await handle.close()
  return buffer.toString('utf8').split('\n').slice(-201)
}

try {
  const fmt = ({ median, p95 }) => `median ${median.toFixed(2)} ms  p95 ${p95.toFixed(2)} ms`
  const tail = await timeRuns(() => preview(), { warmup: 5, runs })
  const fsTail = await timeRuns(readLast64k, { warmup: 5, runs })
  // The same route without reading a file: what HTTP, the session and the permission check cost.
  const list = await timeRuns(
    async () => {
      const response = await fetch(`${base}/api/admin/file-log/index`, { headers })
      if (response.status !== 200) throw new Error(`list answered ${response.status}`)
      await response.json()
    },
    { warmup: 5, runs },
  )
  const paging = await timeRuns(
    async () => {
      let before
      for (let i = 0; i < 50; i++) before = (await preview(before)).start
    },
    { warmup: 1, runs: Math.max(1, Math.round(runs / 10)) },
  )
  console.log(`log file ${(size / 1024 / 1024).toFixed(0)} MB, ${runs} runs each`)
  console.log(`HTTP preview of the last 200 lines      ${fmt(tail)}`)
  console.log(`fs: read the last 64 KB (reference)      ${fmt(fsTail)}`)
  console.log(`HTTP list of the files (no file read)    ${fmt(list)}`)
  console.log(`HTTP: 50 pages of 200 lines backwards    ${fmt(paging)}`)
} finally {
  await app.close()
  await database.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
