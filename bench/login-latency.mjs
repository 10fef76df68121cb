// Login latency against a running server: N sequential logins through /api/open/login, then the
// median, p95 and max in milliseconds. Each login ends the previous session (one session per account).
//
//   ADMIN_PASSWORD=... node bench/login-latency.mjs
//   BENCH_URL (default http://127.0.0.1:8080), BENCH_USER (default admin), BENCH_N (default 50, at most 500)
import { percentile } from './support.mjs'

const base = (process.env.BENCH_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '')
const username = process.env.BENCH_USER ?? 'admin'
const password = process.env.ADMIN_PASSWORD
const count = Math.min(Math.max(Number(process.env.BENCH_N ?? 50) || 50, 1), 500)

if (!password) {
  console.error('Set ADMIN_PASSWORD to the password of BENCH_USER.')
  process.exit(2)
}

async function logInOnce() {
  const started = performance.now()
  const response = await fetch(`${base}/api/open/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en' },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(10_000),
  })
  const body = await response.json()
  const ms = performance.now() - started
  if (response.status !== 200 || !body.token) {
    // A wrong password must not be repeated: ten failures lock the account for this address.
    throw new Error(`login answered ${response.status}: ${body.message ?? JSON.stringify(body)}`)
  }
  return ms
}

await logInOnce() // warm up: connection, argon2 and query plans
const times = []
for (let n = 0; n < count; n++) times.push(await logInOnce())
times.sort((a, b) => a - b)
const fmt = (ms) => `${ms.toFixed(1)} ms`
console.log(`POST ${base}/api/open/login as ${username}, ${count} sequential logins`)
console.log(
  `median ${fmt(percentile(times, 50))}  p95 ${fmt(percentile(times, 95))}  max ${fmt(times.at(-1))}`,
)
