// The product list through HTTP at 10k, 100k and 1M rows on PostgreSQL, beside two references that
// send exactly the statements our server sends for the same request (captured at the driver, see
// lib/capture.mjs), each side in a process of its own:
//   - ours: the built server (`node packages/server/dist/main.js`, production settings, the default
//     log level, its request log written to a file), called with a super administrator's bearer token;
//   - SQL: one pg connection sending those statements in order (named ones prepared, as ours are);
//   - bare server: Fastify with its default request log + a pg pool of 10, sending them for GET /case/n.
// Rounds are interleaved: within a round every case is asked of the three sides in turn, one request
// at a time, the order of the sides rotating; each round gives each side a median, and the ratios
// ours ÷ SQL of the rounds are printed as min / median / max. Then requests per second with
// autocannon (10 connections) of page 1, ours and the bare server in turns, with the CPU time each
// server process used per request (from /proc). The load average is printed with every table.
//
//   npm run build && node bench/products-list.mjs
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): the PostgreSQL server
//   BENCH_SIZES (default 10000,100000,1000000): the list sizes; each in a database kept between runs,
//     BENCH_DATABASE_PREFIX (default bench_products) + _10k / _100k / _1m, filled when it is empty
//   BENCH_ROUNDS (default 8), BENCH_PER_ROUND (default 8 requests per side, case and round),
//   BENCH_SECONDS (autocannon, default 5), BENCH_THROUGHPUT_ROUNDS (default 3), BENCH_ONLY (part of a case name)
//
// The table also gives, per case, the medians over the rounds of ours ÷ the bare server (what is ours)
// and of the bare server ÷ the SQL (what HTTP and a framework cost around the same statements).
// Targets (issue 22): p95 < 50 ms for every case; page 1 and filters p50 ≤ ×1.5 the same SQL;
// requests/s ≥ 0.8× the bare server; server CPU per request ≤ 1.5× the bare server's.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { captureStatements } from './lib/capture.mjs'
import {
  BENCH_APP_KEY,
  cpuMs,
  httpClient,
  loadAverage,
  median,
  percentile,
  root,
  spread,
  startBareServer,
  startOurServer,
  startSqlRunner,
} from './lib/processes.mjs'
import { bundleServer, openKeptDatabase } from './support.mjs'

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000')
  .split(',')
  .map((value) => Math.max(1000, Number(value) || 0))
const PREFIX = process.env.BENCH_DATABASE_PREFIX ?? 'bench_products'
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 8) || 8, 3), 100)
const PER_ROUND = Math.min(Math.max(Number(process.env.BENCH_PER_ROUND ?? 8) || 8, 1), 100)
const SECONDS = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? 5) || 5, 1), 60)
const THROUGHPUT_ROUNDS = Math.min(Math.max(Number(process.env.BENCH_THROUGHPUT_ROUNDS ?? 3) || 3, 1), 10)
const ONLY = process.env.BENCH_ONLY
const FIRMS = 200

if (!/^[a-z_][a-z0-9_]{0,40}$/.test(PREFIX))
  throw new Error('BENCH_DATABASE_PREFIX: lower-case letters, digits, _')

const server = await bundleServer([
  "export { openDatabase } from './src/db/client'",
  "export { seedDatabase } from './src/db/seed/index'",
  "export { buildApp } from './src/app'",
  "export { loadConfig } from './src/config'",
  "export { createSession } from './src/modules/auth/sessions'",
])

/** Catalogue rows and the products (Chinese and Latin names) with their payment periods. */
const generate = (rows) => [
  `insert into firms (name, full_name, type) select 'Firm ' || g, 'Firm ' || g || ' Insurance Co., Ltd.', 1 + g % 2
     from generate_series(1, ${FIRMS}) g`,
  `insert into classifys (id, name, parent_id, level, left_margin, right_margin)
     select 1000 + g, 'Class ' || g, 0, 1, 10000 + g * 10, 10000 + g * 10 + 9 from generate_series(1, 5) g`,
  `insert into pclassifys (id, name, parent_id, level, left_margin, right_margin)
     select 1000 + g, 'Group ' || g, 0, 1, 10000 + g * 2 - 1, 10000 + g * 2 from generate_series(1, 10) g`,
  `insert into years (id, name, value) select 1000 + g, g * 5 || ' years', (g * 5)::text from generate_series(1, 9) g`,
  `insert into products (uid, firm_id, classify_id, classify2_id, pclassify_id, name, is_long_time, class,
       buy_type, pay_type, attr, company_no, no, status, issue_at, stop_at, created_at, updated_at, deleted_at)
     select 'B' || g, (select min(id) from firms) + g % ${FIRMS}, 1001 + g % 5, 1001 + (g / 5) % 5, 1001 + g % 10,
       case when g % 2 = 0 then 'Product ' || g
         else (array['平安','国寿','太平','人保','泰康','新华','友邦','华泰'])[1 + g % 8]
           || (array['福','康','安','寿','顺','禄','喜','乐'])[1 + (g / 8) % 8] || '保险' || g end,
       g % 2, g % 2, 1 + g % 2, 1 + g % 7, g % 6, 'C-' || g, 'N-' || g, g % 3,
       timestamptz '2015-01-01' + (g % 3650) * interval '1 day',
       case when g % 3 = 1 then null else date '2030-01-01' + g % 1000 end,
       timestamptz '2020-01-01' + g * interval '1 minute',
       timestamptz '2020-01-01' + (g::bigint * 7919 % ${rows}) * interval '1 minute',
       case when g % 20 = 0 then now() end
     from generate_series(1, ${rows}) g`,
  `insert into product_year (product_id, year_id) select id, 1001 + id % 9 from products`,
  'vacuum analyze',
]

/** What is asked: `text` marks a text search (its target is p95 only), `core` the ×1.5 target. */
const CASES = [
  { name: 'page 1', query: 'page=1', core: true },
  { name: 'status filter', query: 'status=1&page=1', core: true },
  { name: 'firm filter', query: 'firm_id=__FIRM__&page=1', core: true },
  { name: 'page 500', query: 'page=500' },
  { name: 'per_page 200', query: 'page=1&per_page=200' },
  { name: 'keyword, no match (Latin)', query: 'keyword=zzqxv&page=1', text: true },
  {
    name: 'keyword, no match (Chinese)',
    query: `keyword=${encodeURIComponent('无此产品')}&page=1`,
    text: true,
  },
  { name: 'keyword, no match (2 chars)', query: `keyword=${encodeURIComponent('无此')}&page=1`, text: true },
  { name: 'keyword, common (2 chars)', query: `keyword=${encodeURIComponent('国寿')}&page=1`, text: true },
  {
    name: 'keyword, rare (Latin)',
    query: `keyword=${encodeURIComponent('Product 1234')}&page=1`,
    text: true,
  },
  { name: 'keyword, rare (Chinese)', query: `keyword=${encodeURIComponent('保险9876')}&page=1`, text: true },
  {
    name: 'name filter, rare (Chinese)',
    query: `name=${encodeURIComponent('福保险4321')}&page=1`,
    text: true,
  },
  ...['issue_at', 'stop_at', 'created_at', 'updated_at', 'firm_id', 'status'].map((field) => ({
    name: `sort -${field}`,
    query: `sort=-${field}&page=1`,
  })),
  { name: 'last page (last=1)', query: 'last=1' },
  { name: 'last page, sort -issue_at', query: 'sort=-issue_at&last=1' },
].filter((item) => !ONLY || item.name.includes(ONLY))

const label = (rows) => (rows >= 1_000_000 ? `${rows / 1_000_000}m` : `${rows / 1000}k`)

/** The database of one size: kept between runs, created, migrated, seeded and filled when empty. */
async function prepareDatabase(rows) {
  const name = `${PREFIX}_${label(rows)}`
  const { url, database, config } = await openKeptDatabase(server, name, {
    env: { APP_ENV: 'production', APP_KEY: BENCH_APP_KEY },
  })
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const { rows: counted } = await client.query('select count(*)::int as n from products')
  if (counted[0].n < rows) {
    if (counted[0].n > 0) throw new Error(`${name} holds ${counted[0].n} products: drop it`)
    const started = performance.now()
    for (const statement of generate(rows)) await client.query(statement)
    console.log(
      `${name}: ${rows.toLocaleString('en')} products generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
  }
  const { rows: facts } = await client.query(
    'select (select count(*)::int from products where deleted_at is null) as live, (select min(id) + 1 from firms) as firm',
  )
  await client.end()
  return { url, database, config, live: facts[0].live, firm: facts[0].firm }
}

/** Each case's statements, captured from the app in this process. */
async function capture({ database, config }, cases, token) {
  const app = await server.buildApp({ config, database, serveWeb: false })
  try {
    for (const item of cases) {
      const inject = () =>
        app.inject({
          method: 'GET',
          url: `/api/admin/products/list?${item.query}`,
          headers: { authorization: `Bearer ${token}` },
        })
      item.statements = await captureStatements(inject)
      const body = JSON.parse((await inject()).body)
      item.rows = body.data.length
    }
  } finally {
    await app.close()
  }
}

/**
 * Requests a second on page 1 and the CPU each server process spends per request, ours and the bare
 * server's in turns (autocannon, 10 connections).
 */
async function measureThroughput({ ours, bare, pids, token }) {
  const urls = { ours, bare }
  const headers = { authorization: `Bearer ${token}` }
  const run = async (target) => {
    const before = cpuMs(pids[target])
    const result = await autocannon({ url: urls[target], connections: 10, duration: SECONDS, headers })
    const requests = result.requests.total
    return {
      rps: result.requests.average,
      cpu: (cpuMs(pids[target]) - before) / requests,
      errors: result.non2xx + result.errors,
    }
  }
  const rounds = []
  for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
    const first = round % 2 === 0 ? 'bare' : 'ours'
    const a = await run(first)
    const b = await run(first === 'bare' ? 'ours' : 'bare')
    const [o, r] = first === 'ours' ? [a, b] : [b, a]
    rounds.push({ ours: o, bare: r, rps: o.rps / r.rps, cpu: o.cpu / r.cpu })
  }
  const throughput = {
    rounds,
    rps: median(rounds.map((r) => r.rps)),
    cpu: median(rounds.map((r) => r.cpu)),
    errors: rounds.reduce((sum, r) => sum + r.ours.errors, 0),
  }
  console.log(
    `requests/s, page 1, 10 connections, ${THROUGHPUT_ROUNDS} × ${SECONDS} s a side in turns: ours ${rounds
      .map((r) => r.ours.rps.toFixed(0))
      .join(
        ', ',
      )} (${throughput.errors} errors), bare ${rounds.map((r) => r.bare.rps.toFixed(0)).join(', ')}; ours÷bare ${spread(
      rounds.map((r) => r.rps),
    )} ${throughput.rps >= 0.8 ? 'ok' : 'MISSED'} (≥ 0.8)`,
  )
  console.log(
    `CPU per request, ms: ours ${rounds.map((r) => r.ours.cpu.toFixed(3)).join(', ')}, bare ${rounds
      .map((r) => r.bare.cpu.toFixed(3))
      .join(
        ', ',
      )}; ours÷bare ${spread(rounds.map((r) => r.cpu))} ${throughput.cpu <= 1.5 ? 'ok' : 'MISSED'} (≤ 1.5); ${loadAverage()}`,
  )
  return throughput
}

async function measureSize(rows) {
  const prepared = await prepareDatabase(rows)
  const cases = CASES.map((item) => ({
    ...item,
    query: item.query.replace('__FIRM__', String(prepared.firm)),
  }))
  const { token } = await server.createSession(prepared.database.db, {
    userId: 1,
    remember: true,
    lifetimeMinutes: 600,
    ip: '127.0.0.1',
    userAgent: 'bench',
  })
  await capture(prepared, cases, token)
  await prepared.database.close()

  const ours = await startOurServer({ databaseUrl: prepared.url })
  const bare = await startBareServer({ databaseUrl: prepared.url, cases })
  const sql = await startSqlRunner({ databaseUrl: prepared.url, cases })
  const client = httpClient({ authorization: `Bearer ${token}`, 'accept-encoding': 'identity' })
  const sides = {
    ours: (n) => client.time(`${ours.base}/api/admin/products/list?${cases[n].query}`),
    sql: (n) => sql.time(n),
    bare: (n) => client.time(`${bare.base}/case/${n}`),
  }
  const order = ['ours', 'sql', 'bare']
  try {
    // Warm-up: code compiled, pools filled, statements prepared on every side.
    for (let i = 0; i < 3; i++) for (const n of cases.keys()) for (const side of order) await sides[side](n)
    for (let i = 0; i < 200; i++) for (const side of order) await sides[side](0)

    const samples = cases.map(() => ({
      ours: [],
      sql: [],
      bare: [],
      ratios: [],
      oursToBare: [],
      bareToSql: [],
    }))
    for (let round = 0; round < ROUNDS; round++) {
      for (const [n] of cases.entries()) {
        const times = { ours: [], sql: [], bare: [] }
        for (let i = 0; i < PER_ROUND; i++) {
          const turn = (round + i) % order.length
          for (const side of [...order.slice(turn), ...order.slice(0, turn)])
            times[side].push(await sides[side](n))
        }
        for (const side of order) samples[n][side].push(...times[side])
        samples[n].ratios.push(median(times.ours) / median(times.sql))
        samples[n].oursToBare.push(median(times.ours) / median(times.bare))
        samples[n].bareToSql.push(median(times.bare) / median(times.sql))
      }
    }

    console.log(
      `\n${rows.toLocaleString('en')} products (${prepared.live.toLocaleString('en')} live); ${ROUNDS} rounds × ${PER_ROUND} requests a side; ${loadAverage()}`,
    )
    console.log(
      `${'case'.padEnd(30)} ${'ours p50'.padStart(8)} ${'p95'.padStart(7)} | ${'SQL p50'.padStart(7)} | ${'bare p50'.padStart(8)} | ours÷SQL min/med/max | ours÷bare | bare÷SQL | stmts`,
    )
    const results = cases.map((item, n) => {
      const sorted = (side) => [...samples[n][side]].sort((a, b) => a - b)
      const result = {
        case: item.name,
        query: item.query,
        statements: item.statements.length,
        sent: item.statements,
        rows: item.rows,
        ours: { p50: percentile(sorted('ours'), 50), p95: percentile(sorted('ours'), 95) },
        sql: { p50: percentile(sorted('sql'), 50), p95: percentile(sorted('sql'), 95) },
        bare: { p50: percentile(sorted('bare'), 50), p95: percentile(sorted('bare'), 95) },
        ratio: median(samples[n].ratios),
        ratios: samples[n].ratios,
      }
      result.ok = result.ours.p95 < 50 && (!item.core || result.ratio <= 1.5)
      console.log(
        `${item.name.padEnd(30)} ${result.ours.p50.toFixed(2).padStart(8)} ${result.ours.p95.toFixed(2).padStart(7)} | ${result.sql.p50
          .toFixed(2)
          .padStart(
            7,
          )} | ${result.bare.p50.toFixed(2).padStart(8)} | ${spread(samples[n].ratios).padEnd(20)} | ${median(
          samples[n].oursToBare,
        )
          .toFixed(2)
          .padStart(9)} | ${median(samples[n].bareToSql).toFixed(2).padStart(8)} | ${
          item.statements.length
        }  ${result.ok ? 'ok' : 'MISSED'}${item.core ? ' (≤ ×1.5)' : ''}`,
      )
      return result
    })

    const pageOne = cases.findIndex((item) => item.name === 'page 1')
    const throughput =
      pageOne >= 0
        ? await measureThroughput({
            ours: `${ours.base}/api/admin/products/list?${cases[pageOne].query}`,
            bare: `${bare.base}/case/${pageOne}`,
            pids: { ours: ours.pid, bare: bare.pid },
            token,
          })
        : undefined
    return { rows, live: prepared.live, results, throughput }
  } finally {
    client.close()
    await sql.stop()
    await bare.stop()
    await ours.stop()
  }
}

const sizes = []
for (const rows of SIZES) sizes.push(await measureSize(rows))

if (sizes.length > 1) {
  console.log(`\nGrowth: ours p50 (ms) by size; ${loadAverage()}`)
  console.log(`${'case'.padEnd(30)} ${sizes.map((size) => label(size.rows).padStart(8)).join(' ')}`)
  for (const [n, item] of sizes[0].results.entries())
    console.log(
      `${item.case.padEnd(30)} ${sizes.map((size) => size.results[n].ours.p50.toFixed(2).padStart(8)).join(' ')}`,
    )
}

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true })
fs.writeFileSync(
  path.join(root, 'bench/results/products-list.json'),
  `${JSON.stringify({ at: new Date().toISOString(), load: os.loadavg(), sizes }, null, 2)}\n`,
)
const missed = sizes.flatMap((size) => [
  ...size.results.filter((r) => !r.ok),
  ...(size.throughput && (size.throughput.rps < 0.8 || size.throughput.cpu > 1.5) ? [size.throughput] : []),
])
if (missed.length > 0) {
  console.log(`\n${missed.length} target(s) missed.`)
  process.exitCode = 1
}
