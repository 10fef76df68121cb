// What the write benches share: a database of their own with the demo data, the built server
// started as its own process (default log level, its log to a file), once on the capture proxy to
// learn the statements it sends and once connected directly to be measured; the reference process
// replaying those statements (timing and tables: processes.mjs).
import { fork } from 'node:child_process'
import path from 'node:path'
import pg from 'pg'
import { serverUrl } from '../support.mjs'
import { root, startOurServer } from './processes.mjs'
import { startCaptureProxy } from './wire-capture.mjs'

export const ADMIN_PASSWORD = 'bench-secret-123'

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

/**
 * Our built server (see startOurServer) with the demo data seeded at its first start, logged in as
 * the administrator. BENCH_SERVER_NODE_OPTIONS: node options for the measured one (e.g. --cpu-prof).
 */
export async function startServer(databaseUrl, label) {
  const nodeOptions = label === 'ours' ? process.env.BENCH_SERVER_NODE_OPTIONS : undefined
  const server = await startOurServer({
    databaseUrl,
    env: { SEED_DEMO: '1', ADMIN_PASSWORD },
    nodeArgs: nodeOptions ? nodeOptions.split(/\s+/).filter(Boolean) : [],
  })
  const login = await fetch(`${server.base}/api/open/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  })
  const { token } = await login.json()
  if (!token) throw new Error(`login failed (${login.status})`)
  return { ...server, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }
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

/** The reference process (replay-process.mjs) connected to `databaseUrl`. */
export async function startReference(databaseUrl, connections = 1) {
  const child = fork(path.join(root, 'bench/lib/replay-process.mjs'), [], { cwd: root })
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
