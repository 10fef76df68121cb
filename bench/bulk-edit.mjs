// A bulk edit of 10,000 products through HTTP, beside the database doing the same work (issue 25 §2,
// target: 10,000 rows in one request in < 5 s).
//
// ours (ids)     PUT /api/admin/products/bulk {"ids": [10,000 ids], "values": {"status"}} to the built
//                server (npm run build first), its own process: session, permission, the locked read of
//                the rows with their links, each row's checks, the chunked UPDATEs, one log entry per
//                row with its before/after, the webhook step, the answer.
// ours (filter)  the same records chosen by the list filter {"firm_id"} (what "all N matching" sends).
// statements     another process sending PostgreSQL the server's own statements of one bulk edit,
//                captured on the wire (the server started once on a recording proxy), replayed as named
//                prepared statements with the captured parameters: begin … commit.
// Each request flips the status (1 ↔ 0), so every row changes. Rounds interleaved (order alternating);
// prints each round's times, min / median / max per side and the load average.
//
//   npm run build && node bench/bulk-edit.mjs
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): the PostgreSQL server where
//     the bench creates, and afterwards drops, its own database (BENCH_DB_NAME, default bench_writes_<time>)
//   BENCH_ROUNDS (default 5), BENCH_ROWS (default 10000)

import pg from 'pg'
import { loadAverage, spread } from './lib/processes.mjs'
import { transactionsOf } from './lib/wire-capture.mjs'
import { captureStatements, createBenchDatabase, startReference, startServer } from './lib/writes.mjs'

const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 5) || 5, 1), 20)
const ROWS = Math.min(Math.max(Number(process.env.BENCH_ROWS ?? 10_000) || 10_000, 10), 10_000)

const database = await createBenchDatabase()
const loadBefore = loadAverage()
const client = new pg.Client({ connectionString: database.url })
try {
  let firmId = 0
  let ids = []
  let status = 1
  const bulk = async (server, target) => {
    status = status === 1 ? 0 : 1
    const started = performance.now()
    const answer = await fetch(`${server.base}/api/admin/products/bulk`, {
      method: 'PUT',
      headers: server.headers,
      body: JSON.stringify({ ...target, values: { status } }),
    })
    const body = await answer.json()
    const ms = performance.now() - started
    if (answer.status !== 200 || body.updated !== ROWS || body.errors.length > 0)
      throw new Error(`PUT bulk answered ${answer.status}: ${JSON.stringify(body).slice(0, 300)}`)
    return ms
  }

  // The first start seeds the demo data; the bench adds a firm with ROWS products of its own.
  const { recorded } = await captureStatements(database.url, async (server) => {
    await client.connect()
    const parents = (
      await client.query(`select (select min(id) from classifys where level = 1) as classify_id,
        (select min(c.id) from classifys c join classifys p on p.id = c.parent_id where p.level = 1) as classify2_id,
        (select min(id) from pclassifys) as pclassify_id, (select min(id) from years) as year_id`)
    ).rows[0]
    firmId = (
      await client.query(
        `insert into firms (name, full_name) values ('批量基准保险', '批量基准保险股份有限公司') returning id`,
      )
    ).rows[0].id
    ids = (
      await client.query(
        `insert into products (uid, firm_id, classify_id, classify2_id, pclassify_id, name, no, company_no, status, issue_at)
         select 'BULK' || lpad(g::text, 8, '0'), $1, $2, $3, $4, '批量基准' || (array['终身寿险','重疾险','医疗险','意外险'])[1 + g % 4] || g,
           'N' || lpad(g::text, 8, '0'), 'C-' || g, 1, timestamptz '2020-01-01' + g * interval '1 hour'
         from generate_series(1, $5::int) g returning id`,
        [firmId, parents.classify_id, parents.classify2_id, parents.pclassify_id, ROWS],
      )
    ).rows.map((row) => row.id)
    await client.query('insert into product_year (product_id, year_id) select unnest($1::int[]), $2', [
      ids,
      parents.year_id,
    ])
    await client.query('analyze products; analyze product_year')
    await bulk(server, { ids })
  })
  const [transaction] = transactionsOf(recorded).filter((tx) =>
    tx.some((s) => /^update "products"/i.test(s.text)),
  )
  if (!transaction) throw new Error('no UPDATE of products captured')
  const kinds = new Map()
  for (const s of transaction) {
    const text = s.text.replace(/\s+/g, ' ').slice(0, 90)
    kinds.set(text, (kinds.get(text) ?? 0) + 1)
  }
  console.log(`captured: one bulk edit of ${ROWS} rows, ${transaction.length} statements:`)
  for (const [text, count] of kinds) console.log(`  ${String(count).padStart(3)} × ${text}`)

  const server = await startServer(database.url, 'ours')
  const reference = await startReference(database.url)
  const sides = {
    'ours (ids)': () => bulk(server, { ids }),
    'ours (filter)': () => bulk(server, { filter: { firm_id: String(firmId) } }),
    statements: async () => (await reference.run([transaction]))[0],
  }
  const names = Object.keys(sides)
  const logsBefore = Number((await client.query('select count(*) from logs')).rows[0].count)
  // A warm-up round, not counted.
  for (const name of names) await sides[name]()
  const times = Object.fromEntries(names.map((name) => [name, []]))
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse()
    for (const name of order) times[name].push(await sides[name]())
    console.log(
      `round ${round + 1}: ${names.map((name) => `${name} ${Math.round(times[name][round])} ms`).join(', ')}   (${loadAverage()})`,
    )
  }
  const logged = Number((await client.query('select count(*) from logs')).rows[0].count) - logsBefore
  const expected = (ROUNDS + 1) * ROWS * names.length
  console.log(`log entries written: ${logged} (one per row of each side: ${expected})`)
  for (const name of names)
    console.log(`${name.padEnd(14)} min / median / max ${spread(times[name].map((ms) => ms / 1000))} s`)
  console.log(`before: ${loadBefore}; after: ${loadAverage()}`)
  reference.close()
  await server.stop()
} finally {
  await client.end().catch(() => undefined)
  await database.drop()
}
