// The SPA's built files as a cold page asks for them: our built server beside a bare node:http server
// that sends the same files from memory (bench/lib/bare-files.mjs), each in a process of its own.
//
//   npm run build && node bench/static-files.mjs
//     BENCH_ROUNDS (default 7) interleaved rounds, the sides' order alternating; each round sends
//     BENCH_REQUESTS (default 1,000) requests for the build's first 50 JS and CSS files, six at a time
//     as a browser does on HTTP/1.1, asking for br. Our server runs on PGlite with production settings
//     and its default log (a line a request).
//
// Prints, for each side, the server process's CPU per request (from /proc) and the wall time per
// request, with ours ÷ bare as min / median / max over the rounds, and the load average.
import { fork } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { cpuMs, freePort, loadAverage, root, spread, startOurServer } from './lib/processes.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000)
const dist = path.join(root, 'packages/web/dist')
const assets = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((name) => /\.(js|css)$/.test(name))
  .slice(0, 50)
  .map((name) => `/assets/${name}`)

async function startBare() {
  const port = await freePort()
  const child = fork(path.join(root, 'bench/lib/bare-files.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  await new Promise((resolve) => {
    child.once('message', resolve)
    child.send({ root: dist, port })
  })
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM')),
  }
}

/** Sends `count` requests over six kept-alive connections; answers the server's CPU and the wall, per request. */
async function round(side, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 })
  const get = (address) =>
    new Promise((resolve, reject) => {
      http
        .get(address, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
          if (response.statusCode !== 200) reject(new Error(`${address}: ${response.statusCode}`))
          response.resume().on('end', resolve)
        })
        .on('error', reject)
    })
  const cpu = cpuMs(side.pid)
  const started = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < count) await get(`${side.base}${assets[next++ % assets.length]}`)
    }),
  )
  const wall = performance.now() - started
  agent.destroy()
  return { cpu: (cpuMs(side.pid) - cpu) / count, wall: wall / count }
}

const ours = await startOurServer({ databaseUrl: '' })
const bare = await startBare()
try {
  // Each side's first requests (JIT, the first reads) are not measured.
  for (const side of [ours, bare]) await round(side, 300)
  const results = { ours: [], bare: [] }
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? ['ours', 'bare'] : ['bare', 'ours']
    for (const name of order) results[name].push(await round(name === 'ours' ? ours : bare, REQUESTS))
  }
  const column = (name, key) =>
    spread(
      results[name].map((one) => one[key]),
      3,
    )
  const ratio = (key) => spread(results.ours.map((one, i) => one[key] / results.bare[i][key]))
  console.log(
    `${assets.length} built files, ${REQUESTS} requests a round, ${ROUNDS} rounds (min / median / max)`,
  )
  console.log(
    `server CPU per request, ms   ours ${column('ours', 'cpu')}   bare ${column('bare', 'cpu')}   ours ÷ bare ${ratio('cpu')}`,
  )
  console.log(
    `wall per request, ms         ours ${column('ours', 'wall')}   bare ${column('bare', 'wall')}   ours ÷ bare ${ratio('wall')}`,
  )
  console.log(loadAverage())
} finally {
  await Promise.all([ours.stop(), bare.stop()])
}
