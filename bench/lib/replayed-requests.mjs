// What the benches that time a request beside its own statements replayed share (search-and-pages.mjs,
// palette-search.mjs): ours — the server's app bundled from the sources, default log level, on a local
// port, keeping every statement its pg clients send while asked to —, the reference — a pg client that
// replays, in order, exactly those statements, named or unnamed as ours sent them —, each in a process
// of its own (the same script forked with the role as its argument), and the messages between them.
import { fork } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { bundleServer, serverUrl } from '../support.mjs'
import { freePort } from './processes.mjs'

/** The bench's database (BENCH_DATABASE_NAME, filled by bench/generate-data.mjs) on BENCH_DATABASE_URL's server. */
export function benchDatabaseUrl() {
  const name = process.env.BENCH_DATABASE_NAME
  if (!name || !/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error('BENCH_DATABASE_NAME: a database filled by bench/generate-data.mjs')
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * Ours, in this (forked) process: the app listening on a local port, the super administrator's
 * session, and those `sessions(server, db)` adds; answers the parent `{base, tokens}`, then captures
 * statements between `{capture: 'start'}` and `{capture: 'stop'}` (answering them) until `{stop}`.
 */
export async function serveOurs(folderPrefix, sessions = async () => ({})) {
  let captured
  const query = pg.Client.prototype.query
  pg.Client.prototype.query = function (config, values, callback) {
    // Every statement of the request, its settings too: a text search's transaction turns parallel
    // workers off (`set_config`), and a reference without that ran a word found nowhere with workers,
    // 13 ms where ours took 0.2 (its ratio flattered ours, ×0.5).
    if (captured && typeof config === 'object' && config?.text && !/^(listen|unlisten)/i.test(config.text))
      captured.push({ name: config.name, text: config.text, values: config.values ?? values })
    else if (captured && typeof config === 'string' && !/^(listen|unlisten)/i.test(config))
      captured.push({ text: config, values: Array.isArray(values) ? values : undefined })
    return query.call(this, config, values, callback)
  }
  const server = await bundleServer([
    "export { openDatabase } from './src/db/client'",
    "export { seedDatabase } from './src/db/seed/index'",
    "export { buildApp } from './src/app'",
    "export { loadConfig } from './src/config'",
    "export { createSession } from './src/modules/auth/sessions'",
  ])
  const url = benchDatabaseUrl()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), folderPrefix))
  const config = server.loadConfig({ APP_ENV: 'testing', DATA_DIR: dataDir, DATABASE_URL: url })
  const database = await server.openDatabase({ url, statementTimeoutMs: 5000 })
  await server.seedDatabase(database.db, { adminPassword: 'bench-secret-123', env: config.env })
  const app = await server.buildApp({ config, database, serveWeb: false })
  // Any free port, or one of BENCH_PORTS on a shared machine.
  const base = await app.listen({ host: '127.0.0.1', port: await freePort() })
  const session = async (userId) =>
    (
      await server.createSession(database.db, {
        userId,
        remember: false,
        lifetimeMinutes: 600,
        ip: '127.0.0.1',
        userAgent: 'bench',
      })
    ).token
  const tokens = { super: await session(1), ...(await sessions(session, database.db)) }
  process.on('message', (message) => {
    if (message.capture === 'start') {
      captured = []
      process.send({ capturing: true })
    }
    if (message.capture === 'stop') {
      process.send({ statements: captured })
      captured = undefined
    }
    if (message.stop) app.close().then(() => process.exit(0))
  })
  process.send({ base, tokens })
}

/** The reference, in this (forked) process: replays a request's statements, in order, on one connection. */
export async function serveReference() {
  const client = new pg.Client({ connectionString: benchDatabaseUrl() })
  await client.connect()
  await client.query("set statement_timeout = '5s'")
  process.on('message', async (message) => {
    if (message.stop) return client.end().then(() => process.exit(0))
    const started = performance.now()
    let failed
    for (const statement of message.statements) {
      try {
        await client.query(statement.name ? statement : { text: statement.text, values: statement.values })
      } catch (error) {
        failed = error.message
      }
    }
    process.send({ ms: performance.now() - started, failed })
  })
  process.send({ ready: true })
}

/** The script `file` forked with `role`: `ask(message)` sends (if any) and waits for its next answer. */
export function child(file, role) {
  const process_ = fork(file, [role], { stdio: 'inherit' })
  const inbox = []
  const waiting = []
  process_.on('message', (message) => {
    const resolve = waiting.shift()
    if (resolve) resolve(message)
    else inbox.push(message)
  })
  const ask = (message) =>
    new Promise((resolve) => {
      if (message) process_.send(message)
      if (inbox.length > 0) resolve(inbox.shift())
      else waiting.push(resolve)
    })
  return { ask, stop: () => process_.send({ stop: true }) }
}

/** GET through `agent` with a bearer token: `{status, ms, body}`, timed from the request to the last byte. */
export const timedGet = (agent) => (address, token) =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    http
      .get(
        address,
        { agent, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } },
        (response) => {
          const chunks = []
          response.on('data', (chunk) => chunks.push(chunk))
          response.on('error', reject)
          response.on('end', () =>
            resolve({
              status: response.statusCode,
              ms: performance.now() - started,
              body: Buffer.concat(chunks).toString(),
            }),
          )
        },
      )
      .on('error', reject)
  })

/** The end of a run: the load average after it, the cases outside p95 < 50 ms, the children stopped. */
export function finishRun({ ours, reference, agent, failures }) {
  console.log(
    `load average after: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
  console.log(
    failures.length === 0 ? 'every case within target' : `outside the target: ${failures.join('; ')}`,
  )
  ours.stop()
  reference.stop()
  agent.destroy()
}
