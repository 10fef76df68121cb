// The sides of an honest bench, each in its own process: our built server, the SQL it sends replayed
// by a plain pg client, and a bare Fastify + pg server replaying the same SQL over HTTP. Plus what the
// benches print with every figure: the spread over the rounds and the machine's load.
import { fork, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
export const root = path.resolve(here, '../..')
/** The APP_KEY of the servers a bench starts (a session it creates must be read with the same key). */
export const BENCH_APP_KEY = 'bench-key-0123456789-0123456789-0123456789'

// BENCH_PORTS (e.g. 9100-9199): the ports the bench's processes may listen on, on a shared machine.
const [firstPort, lastPort] = (process.env.BENCH_PORTS ?? '').split('-').map(Number)
let nextPort = firstPort

function probePort(port) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(port, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/** A port nobody listens on now: any, or the next free one of BENCH_PORTS. */
export async function freePort() {
  if (!firstPort) return probePort(0)
  for (let tries = 0; tries <= lastPort - firstPort; tries++) {
    const port = nextPort
    nextPort = port >= lastPort ? firstPort : port + 1
    const free = await probePort(port).catch(() => undefined)
    if (free) return free
  }
  throw new Error(`BENCH_PORTS ${firstPort}-${lastPort}: none free`)
}

async function waitReady(base, child, what) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`)
    const ok = await new Promise((resolve) => {
      http
        .get(`${base}/readyz`, (response) => {
          response.resume()
          resolve(response.statusCode === 200)
        })
        .on('error', () => resolve(false))
    })
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${what} did not become ready`)
}

/**
 * Our built server (`npm run build` first): `node packages/server/dist/main.js` on the database,
 * production settings, the default log level (its request log goes to a file, as a deployment's would);
 * on `port`, or a free one. `nodeArgs`: flags for node itself (e.g. --cpu-prof, which NODE_OPTIONS refuses).
 * BENCH_SERVER_MAIN names another build's main.js (an A/B of two builds: copy the "before" build's
 * dist folder beside the current one, e.g. packages/server/dist-before, and run the bench with each).
 */
export async function startOurServer({ databaseUrl, env = {}, port: asked, nodeArgs = [] }) {
  const main = path.resolve(root, process.env.BENCH_SERVER_MAIN ?? 'packages/server/dist/main.js')
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: npm run build first`)
  const port = asked ?? (await freePort())
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ours-'))
  const log = fs.openSync(path.join(dataDir, 'stdout.log'), 'a')
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH,
      APP_ENV: 'production',
      APP_KEY: BENCH_APP_KEY,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', log, log],
  })
  return serverProcess(child, port, dataDir, 'our server')
}

/** A started server process once it answers /readyz: its address, pid, and how to stop it (its folder removed). */
async function serverProcess(child, port, folder, what) {
  const base = `http://127.0.0.1:${port}`
  await waitReady(base, child, what)
  return {
    base,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)))
      fs.rmSync(folder, { recursive: true, force: true })
    },
  }
}

/**
 * The bare server: Fastify with its default request log, a pg pool of `poolSize`, answering
 * GET /case/:n by sending case n's captured statements on one pooled connection.
 */
export async function startBareServer({ databaseUrl, cases, poolSize = 10 }) {
  const port = await freePort()
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bare-'))
  const log = fs.openSync(path.join(logDir, 'stdout.log'), 'a')
  const child = fork(path.join(here, 'bare-server.mjs'), [], {
    env: { PATH: process.env.PATH },
    stdio: ['ignore', log, log, 'ipc'],
  })
  child.send({ databaseUrl, cases, port, poolSize })
  return serverProcess(child, port, logDir, 'the bare server')
}

/** The SQL side: a process with one pg connection that sends a case's statements and times them. */
export async function startSqlRunner({ databaseUrl, cases }) {
  const child = fork(path.join(here, 'sql-runner.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  let pending
  child.on('message', (message) => {
    const resolve = pending
    pending = undefined
    if (message.error) resolve?.reject(new Error(message.error))
    else resolve?.resolve(message)
  })
  const ask = (message) =>
    new Promise((resolve, reject) => {
      pending = { resolve, reject }
      child.send(message)
    })
  await ask({ databaseUrl, cases })
  return {
    pid: child.pid,
    /** Sends case n's statements once; answers the milliseconds it took, timed inside the runner. */
    async time(n) {
      return (await ask({ run: n })).ms
    },
    async stop() {
      child.kill('SIGTERM')
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)))
    },
  }
}

/**
 * Requests over one kept-alive connection of node:http (the lightest client at hand), for every side
 * of a bench alike: `get` answers the text of a 200, `send(method, address, body)` the status and text.
 */
export function httpClient(headers = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  /** One request on the kept connection: its status and body text. */
  const send = (method, address, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
      const request = http.request(
        address,
        {
          method,
          agent,
          headers: payload
            ? { ...headers, 'content-type': 'application/json', 'content-length': payload.length }
            : headers,
        },
        (response) => {
          const chunks = []
          response.on('data', (chunk) => chunks.push(chunk))
          response.on('error', reject)
          response.on('end', () =>
            resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString() }),
          )
        },
      )
      request.on('error', reject)
      request.end(payload)
    })
  return {
    send,
    async get(address) {
      const { status, text } = await send('GET', address)
      if (status !== 200) throw new Error(`${address} answered ${status}: ${text.slice(0, 300)}`)
      return text
    },
    async time(address) {
      const started = performance.now()
      await this.get(address)
      return performance.now() - started
    },
    close: () => agent.destroy(),
  }
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
export function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the name), in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** The nearest-rank percentile of ascending numbers. */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]

export const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )

/** min / median / max of some numbers, as text. */
export function spread(values, digits = 2) {
  const sorted = [...values].sort((a, b) => a - b)
  return `${sorted[0].toFixed(digits)} / ${percentile(sorted, 50).toFixed(digits)} / ${sorted.at(-1).toFixed(digits)}`
}

export const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`
