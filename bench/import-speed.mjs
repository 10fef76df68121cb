// The product import through HTTP, as the SPA sends it, beside the database doing the same INSERTs
// (issue 22, target 4: ≥ 0.7× bare INSERTs in chunks of 200, per-row errors still exact).
//
// ours       chunks of BENCH_CHUNK rows (default 200, the SPA's), BENCH_IN_FLIGHT at once (default 2,
//            the SPA's), each under its key, to POST /api/admin/products/import of the built server
//            (npm run build first), its own process, default log level.
// reference  another process sending PostgreSQL the server's own statements, captured (the server is
//            started once on a proxy that records what it sends, then again connected directly), as
//            named prepared statements with the captured parameters (only the uids differ), on as
//            many connections as chunks in flight:
//            "bare INSERTs": begin, the server's INSERT of the chunk's products and their links, commit;
//            "the whole transaction": every statement of the server's transaction of a chunk.
// bare server  Fastify with its default request log and a pg pool (lib/bare-server.mjs), its own
//            process, sent the same chunks as ours (the same JSON body, parsed) and running "bare
//            INSERTs" for each: what HTTP and a framework cost around the target's statements, with no
//            session, validation, key, log or engine. Also the CPU each server spends per chunk.
// Rounds interleaved (their order alternating), BENCH_ROWS rows a side a round; prints rows/s of each
// round, the ratio's min / median / max over the rounds and the load average; then checks every row
// of ours was stored once with one log entry per chunk, that a chunk sent again under its key stores
// nothing, and that a chunk with bad rows names each bad row's own error.
//
//   npm run build && node bench/import-speed.mjs
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): the PostgreSQL server where
//     the bench creates, and afterwards drops, its own database (BENCH_DB_NAME, default bench_writes_<time>)
//   BENCH_ROUNDS (default 5), BENCH_ROWS (default 4000), BENCH_CHUNK (default 200), BENCH_IN_FLIGHT (default 2)
import pg from 'pg'
import { cpuMs, loadAverage, median, spread, startBareServer } from './lib/processes.mjs'
import { transactionsOf } from './lib/wire-capture.mjs'
import {
  captureStatements,
  createBenchDatabase,
  startReference,
  startServer,
  substitute,
} from './lib/writes.mjs'

const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 5) || 5, 1), 50)
const CHUNK = Math.min(Math.max(Number(process.env.BENCH_CHUNK ?? 200) || 200, 1), 1000)
const ROWS = Math.max(CHUNK, Math.min(Number(process.env.BENCH_ROWS ?? 4000) || 4000, 200_000))
const IN_FLIGHT = Math.min(Math.max(Number(process.env.BENCH_IN_FLIGHT ?? 2) || 2, 1), 8)
const CHUNKS = Math.ceil(ROWS / CHUNK)
// Each chunk's mark, in its uids and names: fixed width, so every side sends the same bytes.
const TOKEN = 'IMPB-0000000'
const tokenOf = (n) => `IMPB-${String(n).padStart(7, '0')}`

const database = await createBenchDatabase()
const loadBefore = loadAverage()
const db = new pg.Client({ connectionString: database.url })
try {
  let refs
  const rowsOf = (token, count = CHUNK) =>
    Array.from({ length: count }, (_, i) => ({
      uid: `${token}-${String(i).padStart(4, '0')}`,
      firm_id: refs.firm,
      classify_id: refs.classify,
      classify2_id: refs.classify2,
      pclassify_id: refs.pclassify,
      name: `导入测试 ${token} ${String(i).padStart(4, '0')}`,
      company_no: `C-${i}`,
      no: `N-${i}`,
      status: 1,
      year_ids: [refs.year],
    }))
  const post = (server, datas, key) =>
    fetch(`${server.base}/api/admin/products/import`, {
      method: 'POST',
      headers: server.headers,
      body: JSON.stringify({ datas, key }),
    }).then(async (r) => ({ status: r.status, body: await r.json() }))

  const { recorded } = await captureStatements(database.url, async (server) => {
    await db.connect()
    const one = async (text) => (await db.query(text)).rows[0]
    const classify2 = await one(
      `select c.id, c.parent_id from classifys c join classifys p on p.id = c.parent_id
        where p.level = 1 and c.deleted_at is null and p.deleted_at is null order by c.id limit 1`,
    )
    refs = {
      firm: (await one('select min(id) as id from firms where deleted_at is null')).id,
      classify: classify2.parent_id,
      classify2: classify2.id,
      pclassify: (await one('select min(id) as id from pclassifys where deleted_at is null')).id,
      year: (await one('select min(id) as id from years where deleted_at is null')).id,
    }
    const answer = await post(server, rowsOf(TOKEN), `key-${TOKEN}`)
    if (answer.status !== 200 || answer.body.errors?.length)
      throw new Error(JSON.stringify(answer).slice(0, 300))
  })
  const [transaction] = transactionsOf(recorded).filter((tx) =>
    tx.some((s) => /^(with "inserted" as \()?insert into "products"/i.test(s.text)),
  )
  if (!transaction) throw new Error('no INSERT of products captured')
  const bare = transaction.filter(
    (s) =>
      /^(begin|commit)$/i.test(s.text.trim()) ||
      /^(with "inserted" as \()?insert into "products"/i.test(s.text),
  )
  console.log(`captured: a chunk's transaction, ${transaction.length} statements:`)
  for (const s of transaction) console.log(`  ${s.text.replace(/\s+/g, ' ').slice(0, 110)}`)

  const server = await startServer(database.url, 'ours')
  const reference = await startReference(database.url, IN_FLIGHT)
  const bareServer = await startBareServer({
    databaseUrl: database.url,
    cases: [{ statements: bare, token: TOKEN }],
  })
  const inChunks = async (send) => {
    const chunks = Array.from({ length: CHUNKS }, () => tokenOf(n++))
    let next = 0
    const worker = async () => {
      while (next < chunks.length) await send(chunks[next++])
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
    return chunks
  }
  let n = 1
  const task = `bench-${Date.now().toString(36)}`
  const ourChunks = []
  const sides = {
    ours: async () => {
      const chunks = await inChunks(async (token) => {
        const { status, body } = await post(server, rowsOf(token), `${task}-${token}`)
        if (status !== 200 || body.errors?.length)
          throw new Error(`import: ${status} ${JSON.stringify(body).slice(0, 300)}`)
      })
      ourChunks.push(...chunks)
    },
    'bare INSERTs': () =>
      reference.run(
        Array.from({ length: CHUNKS }, () => substitute(bare, TOKEN, tokenOf(n++))),
        IN_FLIGHT,
      ),
    'the whole transaction': () =>
      reference.run(
        Array.from({ length: CHUNKS }, () => substitute(transaction, TOKEN, tokenOf(n++))),
        IN_FLIGHT,
      ),
    'bare server': () =>
      inChunks(async (token) => {
        const r = await fetch(`${bareServer.base}/case/0`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ value: token, datas: rowsOf(token) }),
        })
        await r.arrayBuffer()
        if (r.status !== 200) throw new Error(`the bare server answered ${r.status}`)
      }),
  }
  const names = Object.keys(sides)
  const logsBefore = Number((await db.query('select count(*) from logs')).rows[0].count)
  for (const name of names) await sides[name]() // a warm-up round, not counted
  const rates = Object.fromEntries(names.map((name) => [name, []]))
  const pids = { ours: server.pid, 'bare server': bareServer.pid }
  const cpuPerChunk = { ours: [], 'bare server': [] }
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse()
    for (const name of order) {
      const cpuBefore = pids[name] ? cpuMs(pids[name]) : 0
      const started = performance.now()
      await sides[name]()
      rates[name].push((CHUNKS * CHUNK * 1000) / (performance.now() - started))
      if (pids[name]) cpuPerChunk[name].push((cpuMs(pids[name]) - cpuBefore) / CHUNKS)
    }
    console.log(
      `round ${round + 1}: ${names.map((name) => `${name} ${Math.round(rates[name][round])} rows/s`).join(', ')}   (${loadAverage()})`,
    )
  }

  // Ours stored every row once, each chunk with one log entry (the whole transaction replayed writes one too).
  const count = async (text, values) => Number((await db.query(text, values)).rows[0].count)
  const marks = ourChunks.map((token) => `${token}-%`)
  const stored = await count(`select count(*) from products where uid like any($1::text[])`, [marks])
  const linked = await count(
    `select count(*) from product_year where product_id in (select id from products where uid like any($1::text[]))`,
    [marks],
  )
  const logEntries = (await count('select count(*) from logs')) - logsBefore
  const expectedLogs = ourChunks.length * 2 // ours and the whole transaction replayed, one each per chunk
  console.log(
    `ours stored ${stored} rows (${ourChunks.length * CHUNK} sent), ${linked} links; log entries ${logEntries} (expected ${expectedLogs})`,
  )
  // A chunk sent again under its key: its first answer, nothing stored.
  const again = await post(server, rowsOf(ourChunks[0]), `${task}-${ourChunks[0]}`)
  const storedAgain = await count(`select count(*) from products where uid like any($1::text[])`, [marks])
  console.log(
    `a chunk sent again: answered imported ${again.body.imported}, stored nothing more: ${storedAgain === stored ? 'yes' : 'NO'}`,
  )
  // Bad rows among good ones: a uid taken (twice in the chunk, and by a stored row), a firm that is not.
  const mixed = rowsOf(tokenOf(n++), 10)
  mixed[3].uid = mixed[2].uid
  mixed[5].uid = `${ourChunks[0]}-0000`
  mixed[7].firm_id = 999_999
  const checked = await post(server, mixed, undefined)
  const failed = (checked.body.errors ?? []).map((row) => `${row.uid}: ${row.error}`)
  console.log(
    `a chunk of 10 with 3 bad rows: imported ${checked.body.imported}; errors:\n  ${failed.join('\n  ')}`,
  )

  console.log(`rows/s over the rounds (${ROWS} rows in chunks of ${CHUNK}, ${IN_FLIGHT} in flight):`)
  for (const name of names) console.log(`  ${name.padEnd(22)} ${rates[name].map(Math.round).join(', ')}`)
  const ratios = (name) => rates.ours.map((ours, i) => ours / rates[name][i])
  console.log(
    `ours / bare INSERTs:           min / median / max ${spread(ratios('bare INSERTs'))}   (target ≥ 0.7)`,
  )
  console.log(`ours / the whole transaction:  min / median / max ${spread(ratios('the whole transaction'))}`)
  console.log(`ours / the bare server:        min / median / max ${spread(ratios('bare server'))}`)
  const floor = rates['bare server'].map((b, i) => b / rates['bare INSERTs'][i])
  console.log(`the bare server / bare INSERTs (HTTP's own share): min / median / max ${spread(floor)}`)
  const cpuRatios = cpuPerChunk.ours.map((ours, i) => ours / cpuPerChunk['bare server'][i])
  console.log(
    `server CPU per chunk, median ms: ours ${median(cpuPerChunk.ours).toFixed(1)}, bare server ${median(cpuPerChunk['bare server']).toFixed(1)}; ours / bare min / median / max ${spread(cpuRatios)}`,
  )
  console.log(`before: ${loadBefore}; after: ${loadAverage()}`)
  reference.close()
  await bareServer.stop()
  await server.stop()
} finally {
  await db.end().catch(() => undefined)
  await database.drop()
}
