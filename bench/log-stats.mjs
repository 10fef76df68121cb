// Log statistics (/admin/log-counts: every grouping over every range) and the admin home's login
// charts (/admin/index: every range) at 1M and 10M operation-log entries on PostgreSQL, through HTTP,
// beside the statements our server sends for the same request (captured at the driver, see
// lib/capture.mjs) sent by a pg connection of their own, and a bare Fastify + pg server sending them
// too; plus the log's own list (page 1, filters, keyword, last page) on the partitioned table. Each
// side is a process of its own; rounds are interleaved (every case asked of the three sides in turn,
// the order rotating), and ours ÷ SQL of the rounds printed as min / median / max with the load average.
// BENCH_RECOUNT=1 also times, once a round, what the statistics cost before the rollups: the same
// numbers counted from the log (the aggregate the server sent on every view until issue 22).
//
//   npm run build && node bench/log-stats.mjs
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): the PostgreSQL server
//   BENCH_SIZES (default 1000000,10000000): entries; each in a database kept between runs,
//     BENCH_DATABASE_PREFIX (default bench_logs) + _1m / _10m, filled by bench/data/logs.mjs when empty
//   BENCH_ROUNDS (default 5), BENCH_PER_ROUND (default 4 requests per side, case and round), BENCH_ONLY
//
// Target (issue 22, target 3): p95 < 50 ms for every range and grouping, "all" included.
import pg from 'pg'
import { generate } from './data/logs.mjs'
import { captureStatements } from './lib/capture.mjs'
import {
  BENCH_APP_KEY,
  httpClient,
  loadAverage,
  median,
  percentile,
  spread,
  startBareServer,
  startOurServer,
  startSqlRunner,
} from './lib/processes.mjs'
import { bundleServer, openKeptDatabase } from './support.mjs'

const SIZES = (process.env.BENCH_SIZES ?? '1000000,10000000')
  .split(',')
  .map((value) => Math.max(1000, Number(value) || 0))
const PREFIX = process.env.BENCH_DATABASE_PREFIX ?? 'bench_logs'
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 5) || 5, 3), 100)
const PER_ROUND = Math.min(Math.max(Number(process.env.BENCH_PER_ROUND ?? 4) || 4, 1), 100)
const RECOUNT = process.env.BENCH_RECOUNT === '1'
const ONLY = process.env.BENCH_ONLY

if (!/^[a-z_][a-z0-9_]{0,40}$/.test(PREFIX))
  throw new Error('BENCH_DATABASE_PREFIX: lower-case letters, digits, _')

const server = await bundleServer([
  "export { openDatabase } from './src/db/client'",
  "export { seedDatabase } from './src/db/seed/index'",
  "export { buildApp } from './src/app'",
  "export { loadConfig } from './src/config'",
  "export { createSession } from './src/modules/auth/sessions'",
])

const DAY = 86_400_000
const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate())
const day = (daysAgo) => new Date(today - daysAgo * DAY).toISOString().slice(0, 10)
/** The ranges of the statistics page (days, as its date picker sends them) and an API client's times. */
const RANGES = [
  { name: 'all', created_at: '' },
  { name: 'last 7 days', created_at: `${day(6)},${day(0)}` },
  { name: 'last 30 days', created_at: `${day(29)},${day(0)}` },
  { name: 'last year', created_at: `${day(364)},${day(0)}` },
  { name: 'cut months', created_at: `${day(200)},${day(45)}` },
  {
    name: 'times (API)',
    created_at: `${new Date(today - 150 * DAY + 37_000_000).toISOString()},${new Date(today - 20 * DAY + 5_000_000).toISOString()}`,
  },
]
const PERIODS = ['day', 'week', 'month', 'quarter', 'year']
const CASES = [
  ...PERIODS.flatMap((period) =>
    RANGES.map((range) => ({
      name: `statistics ${period}, ${range.name}`,
      url: `/api/admin/log-counts/list?type=${period}&page=1&per_page=15&get_count=1${
        range.created_at ? `&created_at=${encodeURIComponent(range.created_at)}` : ''
      }`,
      recount: { period, range: range.created_at },
    })),
  ),
  ...['week', 'month', 'three_months', 'year', 'all'].map((range) => ({
    name: `admin home ${range}`,
    url: `/api/admin/index?range=${range}`,
    recount: {
      period: { week: 'day', month: 'day', three_months: 'week', year: 'month', all: 'month' }[range],
      range: { week: day(6), month: day(29), three_months: day(92), year: day(334), all: '' }[range],
    },
  })),
  { name: 'log list page 1', url: '/api/admin/logs/list?page=1' },
  { name: 'log list, login entries', url: '/api/admin/logs/list?menu_id=__LOGIN__&page=1' },
  { name: 'log list, an operator', url: '/api/admin/logs/list?user_id=77&page=1' },
  {
    name: 'log list, keyword 北京',
    url: `/api/admin/logs/list?keyword=${encodeURIComponent('北京')}&page=1`,
  },
  { name: 'log list, keyword 36.12', url: '/api/admin/logs/list?keyword=36.12&page=1' },
  { name: 'log list, last page', url: '/api/admin/logs/list?last=1' },
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
  const { rows: counted } = await client.query('select count(*)::int as n from logs')
  if (counted[0].n < rows) {
    if (counted[0].n > 1000) throw new Error(`${name} holds ${counted[0].n} entries: drop it`)
    const started = performance.now()
    await generate(client, { rows, log: console.log })
    console.log(
      `${name}: ${rows.toLocaleString('en')} entries generated in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    )
  }
  const { rows: facts } = await client.query(`select login_menu_id() as login,
    (select count(*)::int from logs where menu_id = login_menu_id()) as logins,
    (select count(distinct ip)::int from login_ips where period = 'year') as addresses,
    (select count(*)::int from login_ips) as rollup_rows,
    (select count(*)::int from pg_inherits where inhparent = 'logs'::regclass) as partitions`)
  await client.end()
  return { url, database, config, ...facts[0] }
}

/** The statements the statistics sent on every view before the rollups: a count of the log. */
function recountStatements({ period, range }) {
  const [from, to] = range.split(',')
  const where = [
    'menu_id = (select login_menu_id())',
    'deleted_at is null',
    ...(from ? [`created_at >= '${from}'`] : []),
    ...(to ? [/^\d{4}-\d\d-\d\d$/.test(to) ? `created_at < date '${to}' + 1` : `created_at <= '${to}'`] : []),
  ].join(' and ')
  return [
    {
      text: `select to_char(date_trunc('${period}', created_at), 'YYYY-MM-DD') as date, count(*)::int,
        count(distinct ip)::int from logs where ${where} group by date_trunc('${period}', created_at)
        order by date_trunc('${period}', created_at) desc limit 16`,
    },
    { text: `select count(distinct date_trunc('${period}', created_at))::int from logs where ${where}` },
  ]
}

/** Each case's statements, captured from the app in this process. */
async function capture({ database, config }, cases, token) {
  const app = await server.buildApp({ config, database, serveWeb: false })
  try {
    for (const item of cases) {
      const inject = () =>
        app.inject({ method: 'GET', url: item.url, headers: { authorization: `Bearer ${token}` } })
      item.statements = await captureStatements(inject)
    }
  } finally {
    await app.close()
  }
}

async function measureSize(rows) {
  const prepared = await prepareDatabase(rows)
  const cases = CASES.map((item) => ({ ...item, url: item.url.replace('__LOGIN__', String(prepared.login)) }))
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
  const recounted = cases.map((item) => ({ statements: item.recount ? recountStatements(item.recount) : [] }))
  const recount = RECOUNT ? await startSqlRunner({ databaseUrl: prepared.url, cases: recounted }) : undefined
  const client = httpClient({ authorization: `Bearer ${token}`, 'accept-encoding': 'identity' })
  const sides = {
    ours: (n) => client.time(`${ours.base}${cases[n].url}`),
    sql: (n) => sql.time(n),
    bare: (n) => client.time(`${bare.base}/case/${n}`),
  }
  const order = ['ours', 'sql', 'bare']
  try {
    for (let i = 0; i < 2; i++) for (const n of cases.keys()) for (const side of order) await sides[side](n)

    const samples = cases.map(() => ({ ours: [], sql: [], bare: [], ratios: [], recount: [] }))
    for (let round = 0; round < ROUNDS; round++) {
      for (const [n, item] of cases.entries()) {
        const times = { ours: [], sql: [], bare: [] }
        for (let i = 0; i < PER_ROUND; i++) {
          const turn = (round + i) % order.length
          for (const side of [...order.slice(turn), ...order.slice(0, turn)])
            times[side].push(await sides[side](n))
        }
        for (const side of order) samples[n][side].push(...times[side])
        samples[n].ratios.push(median(times.ours) / median(times.sql))
        if (recount && item.recount) samples[n].recount.push(await recount.time(n))
      }
    }

    console.log(
      `\n${rows.toLocaleString('en')} entries (${prepared.logins.toLocaleString('en')} logins, ${prepared.addresses.toLocaleString('en')} addresses, ${prepared.partitions} partitions, ${prepared.rollup_rows.toLocaleString('en')} rollup rows); ${ROUNDS} rounds × ${PER_ROUND} requests a side; ${loadAverage()}`,
    )
    console.log(
      `${'case'.padEnd(36)} ${'ours p50'.padStart(8)} ${'p95'.padStart(7)} | ${'SQL p50'.padStart(7)} | ${'bare p50'.padStart(8)} | ours÷SQL min/med/max | stmts${RECOUNT ? ' | recount p50' : ''}`,
    )
    const results = cases.map((item, n) => {
      const sorted = (side) => [...samples[n][side]].sort((a, b) => a - b)
      const result = {
        case: item.name,
        url: item.url,
        statements: item.statements.length,
        ours: { p50: percentile(sorted('ours'), 50), p95: percentile(sorted('ours'), 95) },
        sql: { p50: percentile(sorted('sql'), 50), p95: percentile(sorted('sql'), 95) },
        bare: { p50: percentile(sorted('bare'), 50), p95: percentile(sorted('bare'), 95) },
        ratios: samples[n].ratios,
        recount: samples[n].recount.length ? median(samples[n].recount) : undefined,
      }
      result.ok = result.ours.p95 < 50
      console.log(
        `${item.name.padEnd(36)} ${result.ours.p50.toFixed(2).padStart(8)} ${result.ours.p95.toFixed(2).padStart(7)} | ${result.sql.p50
          .toFixed(2)
          .padStart(
            7,
          )} | ${result.bare.p50.toFixed(2).padStart(8)} | ${spread(samples[n].ratios).padEnd(20)} | ${String(
          item.statements.length,
        ).padStart(
          5,
        )}  ${result.ok ? 'ok' : 'MISSED'}${result.recount === undefined ? '' : ` | ${result.recount.toFixed(0)} ms`}`,
      )
      return result
    })
    return { rows, results }
  } finally {
    client.close()
    await recount?.stop()
    await sql.stop()
    await bare.stop()
    await ours.stop()
  }
}

const sizes = []
for (const rows of SIZES) sizes.push(await measureSize(rows))

if (sizes.length > 1) {
  console.log(`\nGrowth: ours p50 / p95 (ms) by size; ${loadAverage()}`)
  console.log(`${'case'.padEnd(36)} ${sizes.map((size) => label(size.rows).padStart(15)).join(' ')}`)
  for (const [n, item] of sizes[0].results.entries())
    console.log(
      `${item.case.padEnd(36)} ${sizes
        .map((size) =>
          `${size.results[n].ours.p50.toFixed(1)} / ${size.results[n].ours.p95.toFixed(1)}`.padStart(15),
        )
        .join(' ')}`,
    )
}
const missed = sizes.flatMap((size) => size.results.filter((result) => !result.ok))
console.log(missed.length ? `\n${missed.length} cases missed p95 < 50 ms` : '\nevery case p95 < 50 ms')
