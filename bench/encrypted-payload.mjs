// The cost of encrypted API payloads (SPEC §7) on the server, through HTTP: the same update of a bank
// sent N times plain and N times sealed ({aes_key, data, sign}, answer sealed too), one after the other,
// against a server with API_ENCRYPTION=true; prints both medians and p95s and their ratio.
//
//   node bench/encrypted-payload.mjs            starts the built server (npm run build) on PGlite
//   BENCH_URL=http://127.0.0.1:8080 ADMIN_PASSWORD=... node bench/encrypted-payload.mjs   a running one
//   BENCH_N (default 200, at most 2000)
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { bundleServer, root, timeRuns } from './support.mjs'

const count = Math.min(Math.max(Number(process.env.BENCH_N ?? 200) || 200, 1), 2000)
const { sealRequest, openAnswer } = await bundleServer([
  "export { sealRequest, openAnswer } from './src/modules/api-encryption/envelope'",
])

async function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function startServer() {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-bench-'))
  const password = 'bench-admin-password'
  const child = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      APP_ENV: 'testing',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: password,
      API_ENCRYPTION: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    base,
    password,
    stop: () => {
      child.kill()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

const running = process.env.BENCH_URL
  ? { base: process.env.BENCH_URL.replace(/\/+$/, ''), password: process.env.ADMIN_PASSWORD, stop: () => {} }
  : await startServer()
const { base } = running

try {
  const config = await (await fetch(`${base}/api/open/config`)).json()
  const publicKey = config.api_public_key
  if (!publicKey)
    throw new Error('The server publishes no api_public_key: start it with API_ENCRYPTION=true.')
  const seal = (body) =>
    sealRequest(
      publicKey,
      JSON.stringify({ timestamp: Date.now(), nonce: randomBytes(16).toString('hex'), body }),
    )

  // The login route requires encryption.
  const login = seal({ username: 'admin', password: running.password })
  const loggedIn = await fetch(`${base}/api/open/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'api-encryption': '1', language: 'en' },
    body: JSON.stringify(login.envelope),
  })
  const token = (await loggedIn.json()).token
  if (!token) throw new Error(`login answered ${loggedIn.status}`)
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const bank = { name: 'Bench bank', full_name: 'Bench bank Ltd', order: 1, is_withhold: 0 }
  const created = await fetch(`${base}/api/admin/banks`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify(bank),
  })
  const id = (await created.json()).row.id
  let n = 0
  const next = () => ({ ...bank, order: (n++ % 1000) + 1 })

  const plain = async () => {
    const response = await fetch(`${base}/api/admin/banks/${id}`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify(next()),
    })
    if (response.status !== 200) throw new Error(`plain update answered ${response.status}`)
    await response.json()
  }
  const sealed = async () => {
    const { envelope, key } = seal(next())
    const response = await fetch(`${base}/api/admin/banks/${id}`, {
      method: 'PUT',
      headers: { ...auth, 'api-encryption': '1', 'support-response-encryption': '1' },
      body: JSON.stringify(envelope),
    })
    if (response.status !== 200)
      throw new Error(`sealed update answered ${response.status}: ${await response.text()}`)
    JSON.parse(openAnswer(key, await response.json()))
  }
  // Plain first, then sealed: one run each, after the same warm-up.
  const plainTimes = await timeRuns(plain, { warmup: 20, runs: count })
  const sealedTimes = await timeRuns(sealed, { warmup: 20, runs: count })
  const fmt = (ms) => `${ms.toFixed(2)} ms`
  console.log(
    `PUT ${base}/api/admin/banks/${id}, ${count} sequential requests each (client sealing included)`,
  )
  console.log(`plain      median ${fmt(plainTimes.median)}  p95 ${fmt(plainTimes.p95)}`)
  console.log(`encrypted  median ${fmt(sealedTimes.median)}  p95 ${fmt(sealedTimes.p95)}`)
  console.log(`ratio (median) ${(sealedTimes.median / plainTimes.median).toFixed(2)}`)
} finally {
  running.stop()
}
