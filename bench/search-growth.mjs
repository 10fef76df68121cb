// How the searches and pages of bench/search-and-pages.mjs grow with the data (issue 22, target 5):
// that bench run once on each database named, one after another, then one table of ours' p50 / p95
// per case and size, with the size of each list as its database holds it.
//
//   node bench/generate-data.mjs bench_10k products=10000 accounts=10000 logs=10000     # and so on
//   BENCH_GROWTH=bench_10k,bench_100k,bench_1m,bench_10m node bench/search-growth.mjs
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): the PostgreSQL server
//   BENCH_ROUNDS, BENCH_ONLY: passed to search-and-pages.mjs
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { serverUrl } from './support.mjs'

const names = (process.env.BENCH_GROWTH ?? 'bench_10k,bench_100k,bench_1m').split(',')
for (const name of names)
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a database name: ${name}`)
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'search-and-pages.mjs')
const TABLES = { products: 'products', users: 'users', logs: 'logs' }

/** The rows each list's table holds in `name` (a count: the growth is read against it). */
async function sizesOf(name) {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    const sizes = {}
    for (const [list, table] of Object.entries(TABLES)) {
      const { rows } = await client.query(`select count(*)::int as n from ${table}`)
      sizes[list] = rows[0].n
    }
    return sizes
  } finally {
    await client.end()
  }
}

const label = (rows) =>
  rows >= 1_000_000 ? `${+(rows / 1_000_000).toFixed(1)}M` : `${+(rows / 1000).toFixed(1)}k`
const runs = []
for (const name of names) {
  const results = path.join(os.tmpdir(), `search-growth-${process.pid}-${name}.json`)
  console.log(`\n== ${name}`)
  const run = spawnSync(process.execPath, [script], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_DATABASE_NAME: name, BENCH_RESULTS: results },
  })
  if (run.status !== 0 || !fs.existsSync(results)) throw new Error(`search-and-pages failed on ${name}`)
  runs.push({ name, sizes: await sizesOf(name), ...JSON.parse(fs.readFileSync(results, 'utf8')) })
  fs.rmSync(results)
}

const width = 24
console.log('\nGrowth: ours p50 / p95 in ms (status when not 200), each list at the size its database holds')
console.log(`${'case'.padEnd(52)} ${runs.map((run) => run.name.padStart(width)).join('')}`)
for (const [n, item] of runs[0].results.entries()) {
  const cells = runs.map((run) => {
    const result = run.results[n]
    const size = `${label(run.sizes[item.list])}: `
    const figures = `${result.p50.toFixed(1)} / ${result.p95.toFixed(1)}`
    return `${size}${figures}${result.status === 200 ? '' : ` ${result.status}`}`.padStart(width)
  })
  console.log(`${`${item.list} ${item.name}`.padEnd(52)} ${cells.join('')}`)
}
const missed = runs.flatMap((run) =>
  run.results
    .filter((result) => result.p95 >= 50)
    .map((result) => `${run.name} ${result.list} ${result.name}`),
)
console.log(
  missed.length ? `\noutside p95 < 50 ms: ${missed.join('; ')}` : '\nevery case p95 < 50 ms at every size',
)
