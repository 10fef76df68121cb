// The log's hash chain (issue 25, §7) on PostgreSQL: what verifying 1M entries takes, and what the
// chain adds to a log write under concurrent writers (the same insert with the chain's trigger and
// with it disabled, rounds interleaved), printed as min / median / max with the load average.
//
//   node bench/log-chain.mjs
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): the PostgreSQL server
//   BENCH_DATABASE (default bench_log_chain): kept between runs, filled by bench/data/logs.mjs when empty
//   BENCH_ROWS (default 1000000), BENCH_WRITERS (default 8), BENCH_WRITES (default 2000 per round), BENCH_ROUNDS (3)
import os from 'node:os'
import pg from 'pg'
import { generate } from './data/logs.mjs'
import { bundleServer, openKeptDatabase } from './support.mjs'

const NAME = process.env.BENCH_DATABASE ?? 'bench_log_chain'
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000)
const WRITERS = Number(process.env.BENCH_WRITERS ?? 8)
const WRITES = Number(process.env.BENCH_WRITES ?? 2000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(NAME)) throw new Error('BENCH_DATABASE: a-z, 0-9, _')

const server = await bundleServer([
  "export { openDatabase } from './src/db/client'",
  "export { seedDatabase } from './src/db/seed/index'",
  "export { loadConfig } from './src/config'",
  "export { verifyLogChain } from './src/modules/logs/log-chain'",
])
const { url, database } = await openKeptDatabase(server, NAME, { env: { APP_ENV: 'testing' } })
const client = new pg.Client({ connectionString: url })
await client.connect()
const count = async () => Number((await client.query('select count(*) as n from logs')).rows[0].n)
if ((await count()) < ROWS) {
  const started = performance.now()
  await generate(client, { rows: ROWS - (await count()), log: (line) => console.log(line) })
  console.log(`generated in ${((performance.now() - started) / 1000).toFixed(0)} s`)
}
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
const spread = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return `${sorted[0].toFixed(0)} / ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} / ${sorted.at(-1).toFixed(0)}`
}

// Verify: every entry of the log (the route takes at most 366 days; the generator spreads 400).
const entries = await count()
const verifyMs = []
let answer
for (let round = 0; round < ROUNDS; round++) {
  const started = performance.now()
  answer = await server.verifyLogChain(database.db, { from: new Date(0), to: new Date('2100-01-01') })
  verifyMs.push(performance.now() - started)
}
console.log(
  `verify ${entries.toLocaleString('en')} entries: ${spread(verifyMs)} ms (min / median / max), answer ${JSON.stringify(answer)}, load ${load()}`,
)

// Writes: WRITERS connections inserting WRITES entries together, the statement the server sends.
const pool = new pg.Pool({ connectionString: url, max: WRITERS })
const insert = `insert into "logs" ("menu_id", "user_id", "app_id", "ip", "location", "method", "url", "parameters", "changes", "resource", "record_id")
  values (coalesce((select "id" from "menus" where "url" = $1 and ("method" & $2) <> 0 and "deleted_at" is null limit 1), 0),
    1, 0, '127.0.0.1', '--', 'PUT', $3, $4::text::jsonb, $5::text::jsonb, 'products', $6)`
async function writeRound() {
  let next = 0
  const latencies = []
  const started = performance.now()
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < WRITES) {
        const n = next++
        const one = performance.now()
        await pool.query({
          name: 'bench_log_insert',
          text: insert,
          values: [
            '/admin/products/{id}',
            4,
            `/api/admin/products/${n}`,
            JSON.stringify({ id: n, name: `P${n}` }),
            JSON.stringify({ name: { before: 'a', after: `P${n}` } }),
            n + 1,
          ],
        })
        latencies.push(performance.now() - one)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  return {
    perSecond: (WRITES / (performance.now() - started)) * 1000,
    median: latencies[Math.floor(latencies.length / 2)],
    p95: latencies[Math.floor(latencies.length * 0.95)],
  }
}
const results = { chained: [], unchained: [] }
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of round % 2 === 0 ? ['chained', 'unchained'] : ['unchained', 'chained']) {
    await client.query(`alter table logs ${kind === 'chained' ? 'enable' : 'disable'} trigger logs_chain`)
    results[kind].push(await writeRound())
  }
}
await client.query('alter table logs enable trigger logs_chain')
await client.query('select chain_unchained_logs()')
for (const [kind, rounds] of Object.entries(results)) {
  console.log(
    `${WRITERS} writers, ${kind}: ${spread(rounds.map((r) => r.perSecond))} entries/s, median ${spread(rounds.map((r) => r.median * 1000))} µs, p95 ${spread(rounds.map((r) => r.p95 * 1000))} µs`,
  )
}
console.log(`load ${load()}`)
await pool.end()
await client.end()
await database.close()
