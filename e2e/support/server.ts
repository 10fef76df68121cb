import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const E2E_ADMIN_PASSWORD = 'e2e-admin-password'
const root = path.resolve(import.meta.dirname, '../..')

export interface RunningServer {
  baseUrl: string
  dataDir: string
  /** The server's output: JSON log lines, the log SMS provider's texts among them. */
  serverLog: string
  /** Stops the server and removes its folder (unless told to keep it). */
  stop: (options?: { keepData?: boolean }) => Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/**
 * Waits until the server answers its health check. Only once its own log says it listens at `baseUrl`:
 * the free port is chosen before the server starts (seconds of start-up), and another server started
 * meanwhile (by the other worker, or another suite on the machine) may take it; its answers were taken
 * for ours, and a test logging in there ended someone else's session (session 22, the bucket's upload).
 */
async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  serverLog: string,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000
  const listening = `Server listening at ${baseUrl}`
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output()}`)
    try {
      if (!fs.readFileSync(serverLog, 'utf8').includes(listening)) throw new Error('not listening yet')
      const response = await fetch(`${baseUrl}/healthz`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`The server did not answer within 60 s:\n${output()}`)
}

/** Where a migrated and seeded embedded database waits to be copied (see prepareDatabaseTemplate). */
const TEMPLATE_VARIABLE = 'E2E_DATABASE_TEMPLATE'

/**
 * Starts the server once on an empty folder and stops it, leaving a migrated and seeded embedded
 * database that every server of the run then starts from a copy of: creating an embedded database
 * (initdb) and seeding it is most of a start. The seed is the same in every environment and runs
 * again on each start, so a copy is as good as a fresh one. Returns a function that removes it.
 */
export async function prepareDatabaseTemplate(): Promise<() => void> {
  const template = await startServer()
  await template.stop({ keepData: true })
  process.env[TEMPLATE_VARIABLE] = path.join(template.dataDir, 'pgdata')
  return () => {
    delete process.env[TEMPLATE_VARIABLE]
    fs.rmSync(template.dataDir, { recursive: true, force: true })
  }
}

/**
 * Starts the built server on a free port with a fresh embedded database (a copy of the prepared
 * template when there is one), as `npm start` would (APP_ENV testing unless `env` says otherwise).
 * Its output goes to `<data dir>/server.log`.
 */
export async function startServer(
  env: Record<string, string> = {},
  prepare: (baseUrl: string, dataDir: string) => Promise<Record<string, string>> = async () => ({}),
): Promise<RunningServer> {
  const main = path.join(root, 'packages/server/dist/main.js')
  if (!fs.existsSync(main)) throw new Error('The app is not built: run "npm run build" before the e2e tests.')
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-e2e-'))
  const template = process.env[TEMPLATE_VARIABLE]
  if (template) fs.cpSync(template, path.join(dataDir, 'pgdata'), { recursive: true })
  const baseUrl = `http://127.0.0.1:${port}`
  const serverLog = path.join(dataDir, 'server.log')
  const logFile = fs.openSync(serverLog, 'a')
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ENV: 'testing',
      // The browser connects from 127.0.0.1; specs act as other visitors through X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      APP_URL: baseUrl,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
      ...(await prepare(baseUrl, dataDir)),
    },
    stdio: ['ignore', logFile, logFile],
  })
  const output = () => fs.readFileSync(serverLog, 'utf8').slice(-4000)
  const stop = async ({ keepData = false } = {}) => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    }
    fs.closeSync(logFile)
    if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(baseUrl, child, serverLog, output)
  } catch (error) {
    await stop()
    throw error
  }
  return { baseUrl, dataDir, serverLog, stop }
}
