// A single-record update and its operation log, through HTTP, beside the database doing the same
// work (issue 22, target 4: p50 ≤ 1.5× the UPDATE + log INSERT transaction).
//
// ours       PUT /api/admin/products/:id {"name"} to the built server (npm run build first), its own
//            process, default log level: session, permission, validation, the locked read of the
//            state before, the UPDATE, the log entry with the changed fields, the record answered.
// reference  another process sending PostgreSQL the server's own statements, captured (the server is
//            started once on a proxy that records what it sends, then again connected directly), as
//            named prepared statements with the captured parameters (only the new name differs):
//            "update + log": begin, the server's UPDATE, its log INSERT, commit;
//            "the whole transaction": every statement the server ran inside the request's transaction.
// bare server  Fastify with its default request log and a pg pool (lib/bare-server.mjs), its own
//            process, answering PUT /case/0 {"value"} by running "update + log" with that name: the
//            cost of HTTP and a framework around the target's transaction, with no session,
//            permission, validation or engine. Asked by the same client as ours.
// Rounds interleaved (their order alternating), BENCH_RUNS updates a side a round; prints each
// round's p50s, the ratio's min / median / max over the rounds and the load average.
//
//   npm run build && node bench/operation-log.mjs
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): the PostgreSQL server where
//     the bench creates, and afterwards drops, its own database (BENCH_DB_NAME, default bench_writes_<time>)
//   BENCH_ROUNDS (default 7), BENCH_RUNS (default 100)

import pg from 'pg'
import { cpuMs, httpClient, loadAverage, median, spread, startBareServer } from './lib/processes.mjs'
import { transactionsOf } from './lib/wire-capture.mjs'
import {
  captureStatements,
  createBenchDatabase,
  startReference,
  startServer,
  substitute,
} from './lib/writes.mjs'

const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 7) || 7, 1), 50)
const RUNS = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 100) || 100, 5), 5000)
// The name each update writes: fixed width, so every side sends the same bytes.
const TOKEN = 'BENCHNAME-0000000'
const nameOf = (n) => `BENCHNAME-${String(n).padStart(7, '0')}`

const database = await createBenchDatabase()
const loadBefore = loadAverage()
try {
  // The demo data is seeded by the first start; the bench updates its first product.
  // Every HTTP side is asked over one kept-alive node:http connection (lib/processes.mjs).
  const put = async (http, base, id, name) => {
    const { status } = await http.send('PUT', `${base}/api/admin/products/${id}`, { name })
    if (status !== 200) throw new Error(`PUT answered ${status}`)
  }
  const client = new pg.Client({ connectionString: database.url })
  let productId = 0
  const { recorded } = await captureStatements(database.url, async (server) => {
    await client.connect()
    productId = (await client.query('select min(id) as id from products')).rows[0].id
    const http = httpClient(server.headers)
    await put(http, server.base, productId, TOKEN)
    http.close()
  })
  const UPDATE = /^(with "page" as \()?update "products"/i
  const [transaction] = transactionsOf(recorded).filter((tx) => tx.some((s) => UPDATE.test(s.text)))
  if (!transaction) throw new Error('no UPDATE of products captured')
  // The target's transaction: begin, the server's UPDATE, the bare log INSERT, commit. The server's
  // log statement also queues the write's webhook deliveries (CTEs before the INSERT, its values as a
  // SELECT, two parameters more): the reference keeps only the INSERT of the entry.
  const bareLogInsert = (s) => {
    const insert = s.text.match(
      /insert into "logs" \(([^)]*)\)\s+select ([\s\S]*?) from \(select count\(\*\) from notified\) as delivered\s+(returning[\s\S]*)$/,
    )
    if (!insert) return s
    return {
      text: `insert into "logs" (${insert[1]}) values (${insert[2]}) ${insert[3]}`,
      params: s.params.slice(0, 13),
    }
  }
  // The server's UPDATE may answer the record with its page columns in the same statement (`with
  // "page" as (update …) select "page".*, … from "page"`): the reference keeps only the UPDATE.
  const bareUpdate = (s) => {
    const update = s.text.match(
      /^with "page" as \((update "products" [\s\S]*)\) select "page"\.\*[\s\S]* from "page"$/,
    )
    return update ? { text: update[1], params: s.params } : s
  }
  const core = transaction
    .filter(
      (s) =>
        /^(begin|commit)$/i.test(s.text.trim()) || UPDATE.test(s.text) || /insert into "logs"/.test(s.text),
    )
    .map(bareLogInsert)
    .map(bareUpdate)
  console.log(`captured: the request's transaction, ${transaction.length} statements:`)
  for (const s of transaction) console.log(`  ${s.text.replace(/\s+/g, ' ').slice(0, 110)}`)
  console.log("the target's reference:")
  for (const s of core) console.log(`  ${s.text.replace(/\s+/g, ' ').slice(0, 110)}`)

  const server = await startServer(database.url, 'ours')
  const reference = await startReference(database.url)
  const bare = await startBareServer({
    databaseUrl: database.url,
    cases: [{ statements: core, token: TOKEN }],
  })
  const oursHttp = httpClient(server.headers)
  const bareHttp = httpClient()
  let n = 1
  const sides = {
    ours: async () => {
      const times = []
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now()
        await put(oursHttp, server.base, productId, nameOf(n++))
        times.push(performance.now() - started)
      }
      return times
    },
    'update + log': () =>
      reference.run(Array.from({ length: RUNS }, () => substitute(core, TOKEN, nameOf(n++)))),
    'the whole transaction': () =>
      reference.run(Array.from({ length: RUNS }, () => substitute(transaction, TOKEN, nameOf(n++)))),
    'bare server': async () => {
      const times = []
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now()
        const { status } = await bareHttp.send('PUT', `${bare.base}/case/0`, { value: nameOf(n++) })
        if (status !== 200) throw new Error(`the bare server answered ${status}`)
        times.push(performance.now() - started)
      }
      return times
    },
  }
  const names = Object.keys(sides)
  const logsBefore = Number((await client.query('select count(*) from logs')).rows[0].count)
  // Warm-up rounds, not counted: each process's JIT settles only after a few hundred requests.
  const WARM_UP = 3
  for (let i = 0; i < WARM_UP; i++) for (const name of names) await sides[name]()
  const p50s = Object.fromEntries(names.map((name) => [name, []]))
  // The CPU each HTTP server's process spent per PUT (from /proc; robust to the machine's load, which
  // moves the times): ours and the bare server.
  const pids = { ours: server.pid, 'bare server': bare.pid }
  const cpuPerPut = { ours: [], 'bare server': [] }
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse()
    for (const name of order) {
      const cpuBefore = pids[name] ? cpuMs(pids[name]) : 0
      p50s[name].push(median(await sides[name]()))
      if (pids[name]) cpuPerPut[name].push((cpuMs(pids[name]) - cpuBefore) / RUNS)
    }
    console.log(
      `round ${round + 1}: ${names.map((name) => `${name} ${p50s[name][round].toFixed(2)} ms`).join(', ')}   (${loadAverage()})`,
    )
  }
  const logged = Number((await client.query('select count(*) from logs')).rows[0].count) - logsBefore
  const expected = (ROUNDS + WARM_UP) * RUNS * names.length
  console.log(
    `log entries written: ${logged} (one per update of each side: ${expected})${logged === expected ? '' : ' MISMATCH'}`,
  )
  const ratios = (name) => p50s.ours.map((ours, i) => ours / p50s[name][i])
  console.log(`PUT p50 over the rounds: ${p50s.ours.map((v) => v.toFixed(2)).join(', ')} ms`)
  console.log(
    `ours / update + log:          min / median / max ${spread(ratios('update + log'))}   (target ≤ 1.5)`,
  )
  console.log(`ours / the whole transaction: min / median / max ${spread(ratios('the whole transaction'))}`)
  console.log(`ours / the bare server:       min / median / max ${spread(ratios('bare server'))}`)
  const floor = p50s['bare server'].map((b, i) => b / p50s['update + log'][i])
  console.log(`the bare server / update + log (HTTP's own share): min / median / max ${spread(floor)}`)
  const cpuRatios = cpuPerPut.ours.map((ours, i) => ours / cpuPerPut['bare server'][i])
  console.log(
    `server CPU per PUT, median ms: ours ${median(cpuPerPut.ours).toFixed(2)}, bare server ${median(cpuPerPut['bare server']).toFixed(2)}; ours / bare min / median / max ${spread(cpuRatios)}`,
  )
  console.log(`before: ${loadBefore}; after: ${loadAverage()}`)
  await client.end()
  reference.close()
  oursHttp.close()
  bareHttp.close()
  await bare.stop()
  await server.stop()
} finally {
  await database.drop()
}
