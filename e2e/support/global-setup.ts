import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

export const E2E_ADMIN_PASSWORD = 'e2e-admin-password'
const root = path.resolve(import.meta.dirname, '../..')

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

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output()}`)
    try {
      const response = await fetch(`${baseUrl}/healthz`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`The server did not answer within 60 s:\n${output()}`)
}

/** Starts the built server on a free port with a fresh embedded database, as `npm start` would. */
export default async function setup(project: TestProject) {
  const main = path.join(root, 'packages/server/dist/main.js')
  if (!fs.existsSync(main)) throw new Error('The app is not built: run "npm run build" before the e2e tests.')
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-e2e-'))
  let log = ''
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ENV: 'testing',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => (log += chunk))
  child.stderr?.on('data', (chunk) => (log += chunk))
  const baseUrl = `http://127.0.0.1:${port}`
  await waitForHealth(baseUrl, child, () => log)
  project.provide('baseUrl', baseUrl)

  return async () => {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}
