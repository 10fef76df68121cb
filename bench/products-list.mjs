// The product list at a million rows, through the resource engine's own list and export functions
// (bundled from the server sources with esbuild into bench/dist), next to the bare SQL of the same
// page sent straight to the driver. Median and p95 of BENCH_RUNS runs after a warm-up.
//
//   node bench/products-list.mjs                 PostgreSQL, then PGlite
//   BENCH_DB=postgres | pglite                   only one of them
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): a server where the bench
//     creates, and afterwards drops, its own database
//   BENCH_ROWS (default 1000000), BENCH_RUNS (default 50)
//
// Targets on PostgreSQL: each case under 20 ms median and 50 ms p95, and at most twice the bare SQL.
import fs from 'node:fs'
import path from 'node:path'
import { bundleServer, openBenchDatabase, root, timeRuns } from './support.mjs'

const ROWS = Math.max(1000, Number(process.env.BENCH_ROWS ?? 1_000_000) || 1_000_000)
const RUNS = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 50) || 50, 5), 1000)
const FIRMS = 200
const which = process.env.BENCH_DB ? [process.env.BENCH_DB] : ['postgres', 'pglite']

/** The engine's list and export functions and the products binding, bundled from the server sources. */
const buildEngine = () =>
  bundleServer([
    "export { openDatabase } from './src/db/client'",
    "export { listRecords } from './src/resource/list-records'",
    "export { exportRecords } from './src/resource/export-records'",
    "export { productsBinding } from './src/modules/products/products.resource'",
  ])

/** Catalogue rows and a million products with their payment periods, all by generate_series. */
const GENERATE = [
  `insert into firms (name, full_name, type) select 'Firm ' || g, 'Firm ' || g || ' Insurance Co., Ltd.', 1 + g % 2
     from generate_series(1, ${FIRMS}) g`,
  `insert into classifys (id, name, parent_id, level, left_margin, right_margin)
     select g, 'Class ' || g, 0, 1, g * 10, g * 10 + 9 from generate_series(1, 5) g`,
  `insert into classifys (id, name, parent_id, level, left_margin, right_margin)
     select 100 + g, 'Sub ' || g, 1 + g % 5, 2, (1 + g % 5) * 10 + 1, (1 + g % 5) * 10 + 2 from generate_series(1, 20) g`,
  `insert into pclassifys (id, name, parent_id, level, left_margin, right_margin)
     select g, 'Group ' || g, 0, 1, g * 2 - 1, g * 2 from generate_series(1, 10) g`,
  `insert into years (id, name, value) select g, g * 5 || ' years', (g * 5)::text from generate_series(1, 9) g`,
  `insert into products (uid, firm_id, classify_id, classify2_id, pclassify_id, name, is_long_time, class,
       buy_type, pay_type, attr, company_no, no, status, issue_at, stop_at, deleted_at)
     select 'B' || g, 1 + g % ${FIRMS}, 1 + g % 5, 101 + g % 20, 1 + g % 10, 'Product ' || g, g % 2, g % 2,
       1 + g % 2, 1 + g % 7, g % 6, 'C-' || g, 'N-' || g, g % 3,
       timestamptz '2015-01-01' + (g % 3650) * interval '1 day',
       case when g % 3 = 1 then null else date '2030-01-01' + g % 1000 end,
       case when g % 20 = 0 then now() end
     from generate_series(1, ${ROWS}) g`,
  `insert into product_year (product_id, year_id) select g, 1 + g % 9 from generate_series(1, ${ROWS}) g`,
  'vacuum analyze',
]

/** The cases: the engine's call, and the bare SQL of the same page(s). */
function cases(engine) {
  const list = (query) => () =>
    engine.listRecords({ db: engine.db, binding: engine.productsBinding, query, language: 'en' })
  const exportPage = (query) => () =>
    engine.exportRecords({ db: engine.db, binding: engine.productsBinding, query, language: 'en' })
  const names = `coalesce((select name from firms where id = p.firm_id), '') as firm_name,
    coalesce((select name from classifys where id = p.classify_id), '') as classify_name,
    coalesce((select name from classifys where id = p.classify2_id), '') as classify2_name,
    coalesce((select name from pclassifys where id = p.pclassify_id), '') as pclassify_name,
    array(select year_id from product_year where product_id = p.id order by year_id) as year_ids`
  const page = (where, order, limit, offset) =>
    `select p.*, ${names} from (select * from products where deleted_at is null ${where}
       order by ${order} limit ${limit} offset ${offset}) p order by ${order.replaceAll('id', 'p.id')}`
  const maxId = Math.floor(ROWS / 2)
  return [
    {
      name: 'first page, status filter, sort -id',
      run: list({ status: '1', sort: '-id', page: '1' }),
      sql: page('and status in (1)', 'id desc', 16, 0),
    },
    {
      name: 'first page, company filter, sort -id',
      run: list({ firm_id: '7', sort: '-id', page: '1' }),
      sql: page('and firm_id in (7)', 'id desc', 16, 0),
    },
    {
      name: 'deep page 2000 of 15, default sort',
      run: list({ page: '2000' }),
      sql: page('', 'id desc', 16, 1999 * 15),
    },
    {
      name: `export page by max_id=${maxId}, 200 rows`,
      run: exportPage({ page: '3', max_id: String(maxId), per_page: '200' }),
      // An export row has the product's columns and its payment period ids (not the names).
      sql: `select p.*, array(select year_id from product_year where product_id = p.id order by year_id) as year_ids
        from (select * from products where deleted_at is null and id > ${maxId} order by id limit 201) p order by p.id`,
    },
    {
      name: 'first page with get_count=1 (info)',
      run: list({ status: '1', sort: '-id', page: '1', get_count: '1' }),
      sql: `select count(*) from products where deleted_at is null and status in (1)`,
      info: true,
    },
  ]
}

const measure = (run) => timeRuns(run, { warmup: 5, runs: RUNS })

async function benchOne(kind, engineModule) {
  const started = performance.now()
  const { database, drop: dropDatabase } = await openBenchDatabase(engineModule.openDatabase, kind)
  const results = []
  try {
    await database.migrate()
    const client = database.db.$client
    for (const statement of GENERATE) await client.query(statement)
    const loadSeconds = (performance.now() - started) / 1000
    console.log(
      `\n${kind}: ${ROWS.toLocaleString('en')} products generated in ${loadSeconds.toFixed(1)} s; ${RUNS} runs each`,
    )
    const engine = { ...engineModule, db: database.db }
    for (const item of cases(engine)) {
      const sample = await item.run()
      if (!sample.data && sample.total === undefined) throw new Error(`${item.name}: no data`)
      const engineTimes = await measure(item.run)
      const sqlTimes = await measure(() => client.query(item.sql))
      const ratio = engineTimes.median / sqlTimes.median
      const ok = item.info || (engineTimes.median < 20 && engineTimes.p95 < 50 && ratio <= 2)
      results.push({
        kind,
        case: item.name,
        engine: engineTimes,
        sql: sqlTimes,
        ratio,
        rows: sample.data.length,
      })
      console.log(
        `  ${item.name.padEnd(44)} engine median ${engineTimes.median.toFixed(2).padStart(7)} ms  p95 ${engineTimes.p95
          .toFixed(2)
          .padStart(7)} ms | bare SQL median ${sqlTimes.median.toFixed(2).padStart(7)} ms  p95 ${sqlTimes.p95
          .toFixed(2)
          .padStart(
            7,
          )} ms | x${ratio.toFixed(2)}${kind === 'postgres' && !item.info ? (ok ? '  ok' : '  MISSED') : ''}`,
      )
    }
  } finally {
    await database.close()
    await dropDatabase()
  }
  return results
}

const engineModule = await buildEngine()
const all = []
for (const kind of which) all.push(...(await benchOne(kind, engineModule)))
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true })
fs.writeFileSync(
  path.join(root, 'bench/results/products-list.json'),
  `${JSON.stringify({ rows: ROWS, runs: RUNS, results: all }, null, 2)}\n`,
)
const missed = all.filter(
  (r) =>
    r.kind === 'postgres' &&
    !r.case.includes('get_count') &&
    !(r.engine.median < 20 && r.engine.p95 < 50 && r.ratio <= 2),
)
if (missed.length > 0) {
  console.log(`\n${missed.length} PostgreSQL case(s) missed the targets.`)
  process.exitCode = 1
}
