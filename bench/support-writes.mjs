// What the write benches share: a database of their own with the demo data, the built server
// started as its own process (default log level, its log to a file), once on the capture proxy to
// learn the statements it sends and once connected directly to be measured; the reference process
// replaying those statements; interleaved rounds and the table of their ratios.
import { fork, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { root, serverUrl } from './support.mjs'
import { startCaptureProxy } from './support-capture.mjs'

export const ADMIN_PASSWORD = 'bench-secret-123'
const mainJs = path.join(root, 'packages/server/dist/main.js')

/** Creates the bench's database (BENCH_DB_NAME, default bench_writes_<time>); `drop` removes it. */
export async function createBenchDatabase() {
  const name = process.env.BENCH_DB_NAME ?? `bench_writes_${Date.now()}`
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`BENCH_DB_NAME: ${name}`)
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
/**
 * Starts packages/server/dist/main.js (npm run build first) on `databaseUrl` with the demo data, the
 * default log level (its log to a file under the temp folder), and waits until it is ready.
 */
export async function startServer(databaseUrl, label) {
  const port = Number(process.env.BENCH_PORT ?? 0) || (await freePort())
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${label}-`))
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a')
  // BENCH_SERVER_FLAGS: node flags for the measured server, e.g. --cpu-prof --cpu-prof-dir=/tmp/prof
  const flags = label === 'ours' ? (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean) : []
  const child = spawn(process.execPath, [...flags, mainJs], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      APP_ENV: 'production',
      APP_KEY: 'bench-writes-key-bench-writes-key-0123',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '1',
      ADMIN_PASSWORD,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', log, log],
  })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server stopped: see ${dataDir}/server.log`)
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) break
    if (i > 600) throw new Error('the server did not get ready in 60 s')
    await new Promise((r) => setTimeout(r, 100))
  }
  const login = await fetch(`${base}/api/open/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  })
  const { token } = await login.json()
  if (!token) throw new Error(`login failed (${login.status})`)
  return {
    base,
    pid: child.pid,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    async stop() {
      child.kill('SIGTERM')
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)))
      fs.closeSync(log)
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Runs `capture(server)` against a server connected through the capture proxy; answers its statements. */
export async function captureStatements(databaseUrl, capture) {
  const proxy = await startCaptureProxy(databaseUrl)
  const server = await startServer(proxy.url, 'capture')
  try {
    proxy.take()
    const result = await capture(server)
    return { result, recorded: proxy.take() }
  } finally {
    await server.stop()
    proxy.close()
  }
}

/** The reference process (support-replay.mjs) connected to `databaseUrl`. */
export async function startReference(databaseUrl, connections = 1) {
  const child = fork(path.join(root, 'bench/support-replay.mjs'), [], { cwd: root })
  const ask = (message) =>
    new Promise((resolve, reject) => {
      child.once('message', (answer) => (answer.error ? reject(new Error(answer.error)) : resolve(answer)))
      child.send(message)
    })
  await ask({ connect: databaseUrl, connections })
  return {
    pid: child.pid,
    /** Runs the units (lists of statements), `inFlight` at a time; answers each unit's time (ms). */
    run: async (units, inFlight = 1) => (await ask({ run: units, inFlight })).times,
    close: () => child.send({ close: true }),
  }
}

/** Replaces every `from` in a captured statement's parameters (texts) by `to`. */
export const substitute = (statements, from, to) =>
  statements.map(({ text, params }) => ({
    text,
    params: params.map((value) => (typeof value === 'string' ? value.replaceAll(from, to) : value)),
  }))

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

/** min / median / max of a list of ratios, as text. */
export const spread = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return `min ${sorted[0].toFixed(2)} / median ${median(sorted).toFixed(2)} / max ${sorted[sorted.length - 1].toFixed(2)}`
}

/** The CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
export function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}
