// The product list at a million rows on PostgreSQL, measured from outside through HTTP, side by side
// in one run with two references:
//   - "bare SQL": the same page's SQL sent straight to the database with pg (one connection);
//   - "bare server": a bare Fastify + pg server (pool of 10) answering that SQL as JSON, without
//     sessions, permissions or the engine.
// Ours is the built server's app (bundled from the sources) listening on a local port, called with a
// bearer token of the super administrator, as `/api/admin/products/list?...`.
//
// Sequential latency (median, p95) of every case against the bare SQL, with the bare server's median
// beside it (what HTTP alone adds); the permission check (the caller kept by the process, as a request
// finds it, and the one statement resolving session, user, admin, roles and the route when it is not)
// against the first page's request; then requests per second with autocannon (10 connections) of the
// first page against the bare server, each measured twice in turns (bare, ours, bare, ours) so that
// a change of the machine's load weighs on both. Both servers are warmed up first.
//
//   node bench/products-list.mjs
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): the PostgreSQL server
//   BENCH_DATABASE_NAME: keep the data in this database between runs (created and filled when it has
//     not the rows yet; never dropped); without it a throw-away database is created and dropped
//   BENCH_ROWS (default 1000000), BENCH_RUNS (default 60), BENCH_SECONDS (autocannon, default 5)
//   BENCH_ONLY: a part of a case name to run only those cases
//
// Targets: p50 ≤ 2× the bare SQL and p95 < 50 ms for every case that does not search text; for text
// searches (keyword, name, number) p95 < 50 ms, their ratio shown for information: the server first
// reads the ids of up to 1,000 matches (the planner cannot tell rare words from common ones and may
// walk the id index for a rare one, as the bare SQL then does, for a second), so a common word costs
// two statements. The permission check ≤ 10 % of a list request; requests/s ≥ 0.6× the bare server.
// The machine should be otherwise quiet.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import pg from 'pg'
import { bundleServer, percentile, root, serverUrl } from './support.mjs'

const ROWS = Math.max(1000, Number(process.env.BENCH_ROWS ?? 1_000_000) || 1_000_000)
const RUNS = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 60) || 60, 5), 1000)
const SECONDS = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? 5) || 5, 1), 60)
const KEEP = process.env.BENCH_DATABASE_NAME
const ONLY = process.env.BENCH_ONLY
const FIRMS = 200
const PER_PAGE = 15

if (KEEP && !/^[a-z_][a-z0-9_]{0,62}$/.test(KEEP))
  throw new Error('BENCH_DATABASE_NAME: lower-case letters, digits, _')

const server = await bundleServer([
  "export { openDatabase } from './src/db/client'",
  "export { seedDatabase } from './src/db/seed/index'",
  "export { buildApp } from './src/app'",
  "export { loadConfig } from './src/config'",
  "export { createSession, hashToken } from './src/modules/auth/sessions'",
  "export { resolveRequestAuth } from './src/modules/auth/resolve-request-auth'",
  "export { adminRouteOf } from './src/modules/permissions/authorize'",
])

/** Catalogue rows and the products (Chinese and Latin names) with their payment periods. */
const GENERATE = [
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
       timestamptz '2020-01-01' + (g::bigint * 7919 % ${ROWS}) * interval '1 minute',
       case when g % 20 = 0 then now() end
     from generate_series(1, ${ROWS}) g`,
  `insert into product_year (product_id, year_id) select id, 1001 + id % 9 from products`,
  'vacuum analyze',
]

/** The database: a kept one (filled once) or a throw-away one. */
async function openData() {
  const name = KEEP ?? `perf_bench_${Date.now()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name])
  if (exists.rowCount === 0) await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      if (KEEP) return
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

const NAMES = `coalesce((select name from firms where id = page.firm_id), '') as firm_name,
  coalesce((select name from classifys where id = page.classify_id), '') as classify_name,
  coalesce((select name from classifys where id = page.classify2_id), '') as classify2_name,
  coalesce((select name from pclassifys where id = page.pclassify_id), '') as pclassify_name,
  array(select year_id from product_year where product_id = page.id order by year_id) as year_ids`

/** The page SQL the engine sends: the page first, then its rows' names. */
const pageSql = (where, order, limit, offset = 0) =>
  `select page.*, ${NAMES} from (select * from products where products.deleted_at is null ${where}
     order by ${order.map((key) => `products.${key}`).join(', ')} limit ${limit} offset ${offset}) page
     order by ${order.map((key) => `page.${key}`).join(', ')}`

const keyword = (text) => {
  const like = `'%${text}%'`
  return `and (products.name ilike ${like} or products.uid ilike ${like} or products.no ilike ${like} or products.company_no ilike ${like})`
}

/** The keyword condition of a two-character text: each column's bigram index, then the ILIKE. */
const bigram = (text) => {
  const like = `'%${text}%'`
  const column = (name) =>
    `(text_bigrams(products.${name}) @> text_bigrams('${text}'::text) and products.${name} ilike ${like})`
  return `and (${['name', 'uid', 'no', 'company_no'].map(column).join(' or ')})`
}

function cases() {
  const list = [
    { name: 'page 1', query: 'page=1', sql: pageSql('', ['id desc'], 16) },
    {
      name: 'status filter',
      query: 'status=1&page=1',
      sql: pageSql('and products.status in (1)', ['id desc'], 16),
    },
    { name: 'page 500', query: 'page=500', sql: pageSql('', ['id desc'], 16, 499 * PER_PAGE) },
    { name: 'per_page 200', query: 'page=1&per_page=200', sql: pageSql('', ['id desc'], 201) },
    {
      name: 'keyword, no match (Latin)',
      text: true,
      query: 'keyword=zzqxv&page=1',
      sql: pageSql(keyword('zzqxv'), ['id desc'], 16),
    },
    {
      name: 'keyword, no match (Chinese)',
      text: true,
      query: `keyword=${encodeURIComponent('无此产品')}&page=1`,
      sql: pageSql(keyword('无此产品'), ['id desc'], 16),
    },
    {
      name: 'keyword, no match (2 chars)',
      text: true,
      query: `keyword=${encodeURIComponent('无此')}&page=1`,
      sql: pageSql(bigram('无此'), ['id desc'], 16),
    },
    {
      name: 'keyword, common (2 chars)',
      text: true,
      query: `keyword=${encodeURIComponent('国寿')}&page=1`,
      sql: pageSql(bigram('国寿'), ['id desc'], 16),
    },
    {
      name: 'keyword, rare (Latin)',
      text: true,
      query: `keyword=${encodeURIComponent('Product 123456')}&page=1`,
      sql: pageSql(keyword('Product 123456'), ['id desc'], 16),
    },
    {
      name: 'keyword, rare (Chinese)',
      text: true,
      query: `keyword=${encodeURIComponent('保险98765')}&page=1`,
      sql: pageSql(keyword('保险98765'), ['id desc'], 16),
    },
    {
      name: 'name filter, rare (Chinese)',
      text: true,
      query: `name=${encodeURIComponent('福保险4321')}&page=1`,
      sql: pageSql(`and products.name ilike '%福保险4321%'`, ['id desc'], 16),
    },
    {
      name: 'no filter, no match',
      text: true,
      query: 'no=N-x9&page=1',
      sql: pageSql(`and products.no ilike '%N-x9%'`, ['id desc'], 16),
    },
    ...['issue_at', 'stop_at', 'created_at', 'updated_at', 'firm_id', 'status'].map((field) => ({
      name: `sort -${field}`,
      query: `sort=-${field}&page=1`,
      sql: pageSql('', [`${field} desc`, 'id desc'], 16),
    })),
    // The last page by position (keyset): the last rows, read backwards from the index.
    { name: 'last page (last=1)', query: 'last=1', sql: pageSql('', ['id asc'], 16) },
    // The last page of a sort by a column that may be empty: the list read in the opposite order.
    {
      name: 'last page, sort -issue_at',
      query: 'sort=-issue_at&last=1',
      sql: pageSql('', ['issue_at asc', 'id asc'], 16),
    },
    // A deep page by position: the rows after the row with id 50000 (near the end of -id).
    {
      name: 'deep page (after=50000)',
      query: 'page=63000&after=50000',
      sql: pageSql('and products.id < 50000', ['id desc'], 16),
    },
  ]
  return ONLY ? list.filter((item) => item.name.includes(ONLY)) : list
}

async function timeRuns(run) {
  for (let i = 0; i < 5; i++) await run()
  const times = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { median: percentile(times, 50), p95: percentile(times, 95) }
}

const { url, drop } = await openData()
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perf-bench-'))
const database = await server.openDatabase({ url, statementTimeoutMs: 5000 })
const client = new pg.Client({ connectionString: url })
await client.connect()
// Requests go one at a time over a kept-alive connection of node:http, the lightest client at hand:
// fetch() alone costs 0.5–1 ms a request here, which would weigh on both servers but not on the SQL.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
let app
let bare
try {
  await database.migrate()
  const config = server.loadConfig({ APP_ENV: 'testing', LOG_LEVEL: 'silent', DATA_DIR: dataDir })
  await server.seedDatabase(database.db, { adminPassword: 'bench-secret-123', env: config.env })
  const { rows: counted } = await client.query('select count(*)::int as n from products')
  if (counted[0].n < ROWS) {
    const started = performance.now()
    if (counted[0].n > 0) throw new Error(`${url} holds ${counted[0].n} products: drop it or name another`)
    for (const statement of GENERATE) await client.query(statement)
    console.log(
      `${ROWS.toLocaleString('en')} products generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
  }
  const { rows: liveRows } = await client.query(
    'select count(*)::int as n from products where deleted_at is null',
  )
  const live = liveRows[0].n

  app = await server.buildApp({ config, database, serveWeb: false })
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const { token } = await server.createSession(database.db, {
    userId: 1,
    remember: false,
    lifetimeMinutes: 120,
    ip: '127.0.0.1',
    userAgent: 'bench',
  })
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' }

  // The bare Fastify + pg server: the case's SQL, as JSON.
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  bare = Fastify({ logger: false })
  const all = cases()
  bare.get('/list/:n', async (request) => {
    const { rows } = await pool.query(all[Number(request.params.n)].sql)
    return { data: rows.slice(0, PER_PAGE) }
  })
  bare.addHook('onClose', () => pool.end())
  const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 })

  const get = (address, extra = {}) =>
    new Promise((resolve, reject) => {
      http
        .get(address, { agent, headers: { ...headers, ...extra } }, (response) => {
          const chunks = []
          response.on('data', (chunk) => chunks.push(chunk))
          response.on('error', reject)
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString()
            if (response.statusCode !== 200)
              reject(new Error(`${address} answered ${response.statusCode}: ${text.slice(0, 300)}`))
            else resolve(text)
          })
        })
        .on('error', reject)
    })

  // Warm-up: both servers' code paths compiled, pools filled, statements prepared.
  const firstCase = Math.max(
    0,
    all.findIndex((item) => item.name === 'page 1'),
  )
  for (let i = 0; i < 300; i++) {
    await get(`${base}/api/admin/products/list?${all[firstCase].query}`)
    await get(`${bareBase}/list/${firstCase}`)
  }

  console.log(
    `\nPostgreSQL, ${live.toLocaleString('en')} live products of ${ROWS.toLocaleString('en')}; ${RUNS} sequential runs per case`,
  )
  console.log(
    `${'case'.padEnd(30)} ${'ours p50'.padStart(9)} ${'p95'.padStart(8)} | ${'bare SQL p50'.padStart(12)} ${'p95'.padStart(8)} | ratio  | bare server p50`,
  )
  const results = []
  for (const [n, item] of all.entries()) {
    const address = `${base}/api/admin/products/list?${item.query}`
    const sample = JSON.parse(await get(address))
    const ours = await timeRuns(() => get(address))
    const sql = await timeRuns(() => client.query(item.sql))
    const bareServer = await timeRuns(() => get(`${bareBase}/list/${n}`))
    const ratio = ours.median / sql.median
    const ok = item.info || (ours.p95 < 50 && (item.text || ratio <= 2))
    results.push({
      case: item.name,
      query: item.query,
      ours,
      sql,
      bareServer,
      ratio,
      rows: sample.data.length,
      ok,
    })
    console.log(
      `${item.name.padEnd(30)} ${ours.median.toFixed(2).padStart(9)} ${ours.p95.toFixed(2).padStart(8)} | ${sql.median
        .toFixed(2)
        .padStart(
          12,
        )} ${sql.p95.toFixed(2).padStart(8)} | x${ratio.toFixed(2)}${item.text ? '*' : ' '} ${item.info ? 'info' : ok ? 'ok' : 'MISSED'}  (${sample.data.length} rows${
        sample.total !== undefined ? `, total ${sample.total}` : ''
      }${sample.total_estimate !== undefined ? `, about ${sample.total_estimate}` : ''}) | ${bareServer.median.toFixed(2)}`,
    )
  }
  console.log('* a text search: its target is p95 < 50 ms; the ratio is for information')

  // The permission check (lists write no operation log): what a request pays when its process keeps
  // the caller (the kept session, user, roles and route decision), and the one statement resolving
  // them when it does not; against the whole list request of the first page.
  const route = server.adminRouteOf({
    routeOptions: { url: '/api/admin/products/list' },
    method: 'GET',
    server: { config },
  })
  const tokenHash = server.hashToken(token)
  const kept = await timeRuns(async () => {
    const { routeHeld } = await app.requestAuth.resolve(server.hashToken(token), route)
    if (!routeHeld) throw new Error('the super administrator was refused')
  })
  const auth = await timeRuns(async () => {
    const { routeHeld } = await server.resolveRequestAuth(database.db, tokenHash, route)
    if (!routeHeld) throw new Error('the super administrator was refused')
  })
  const pageOne = results.find((r) => r.case === 'page 1')
  let permission
  if (pageOne) {
    const share = kept.median / pageOne.ours.median
    permission = { kept, auth, share, statementShare: auth.median / pageOne.ours.median }
    console.log(
      `\npermission check, caller kept by the process: p50 ${kept.median.toFixed(3)} ms p95 ${kept.p95.toFixed(3)} ms: ${(share * 100).toFixed(1)}% of the page 1 request (p50) ${share <= 0.1 ? 'ok' : 'MISSED'}`,
    )
    console.log(
      `permission check, one statement (a caller not kept yet): p50 ${auth.median.toFixed(2)} ms p95 ${auth.p95.toFixed(2)} ms: ${(permission.statementShare * 100).toFixed(1)}% (info)`,
    )
  }

  // Throughput of the first page: ours against the bare server.
  const cannon = (address, extra = {}) =>
    autocannon({ url: address, connections: 10, duration: SECONDS, headers: { ...headers, ...extra } })
  const firstPage = all.findIndex((item) => item.name === 'page 1')
  let throughput
  if (firstPage >= 0) {
    const rounds = []
    for (let round = 0; round < 2; round++) {
      const theirs = await cannon(`${bareBase}/list/${firstPage}`)
      const ours = await cannon(`${base}/api/admin/products/list?${all[firstPage].query}`)
      rounds.push({
        ours: ours.requests.average,
        bare: theirs.requests.average,
        errors: ours.non2xx + ours.errors,
      })
    }
    const sum = (key) => rounds.reduce((total, r) => total + r[key], 0)
    const ratio = sum('ours') / sum('bare')
    throughput = { rounds, ours: sum('ours') / 2, bare: sum('bare') / 2, ratio, errors: sum('errors') }
    console.log(
      `\nrequests/s, page 1, 10 connections, 2 × ${SECONDS} s each in turns: ours ${rounds.map((r) => r.ours.toFixed(0)).join(', ')} (${throughput.errors} errors), bare Fastify + pg ${rounds.map((r) => r.bare.toFixed(0)).join(', ')}: x${ratio.toFixed(2)} ${ratio >= 0.6 ? 'ok' : 'MISSED'}`,
    )
  }
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true })
  fs.writeFileSync(
    path.join(root, 'bench/results/products-list.json'),
    `${JSON.stringify({ rows: ROWS, live, runs: RUNS, results, permission, throughput }, null, 2)}\n`,
  )
  const missed =
    results.filter((r) => !r.ok).length +
    (throughput && throughput.ratio < 0.6 ? 1 : 0) +
    (permission && permission.share > 0.1 ? 1 : 0)
  if (missed > 0) {
    console.log(`\n${missed} target(s) missed.`)
    process.exitCode = 1
  }
} finally {
  agent.destroy()
  await app?.close()
  await bare?.close()
  await client.end()
  await database.close()
  await drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
