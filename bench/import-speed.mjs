// The product import through HTTP, as the SPA sends it (chunks of 200 rows, one after the other, to
// /api/admin/products/import), against the reference: the same rows written with bare SQL INSERTs
// (products, then their payment periods, one transaction per chunk) straight to the database.
// Prints rows per second of both and their ratio, checks every row was stored once and the operation
// log has one entry per chunk, then removes the rows it added.
//
//   node bench/import-speed.mjs [base url]          default http://127.0.0.1:8080
//   BENCH_DATABASE_URL: the database the server uses (for the reference and the checks)
//   BENCH_USER / BENCH_PASSWORD (default admin / the ADMIN_PASSWORD env)
//   BENCH_ROWS (default 10000), BENCH_CHUNK (default 200)
//
// Target 7 of issue 13: ≥ 5,000 rows/s.
import pg from 'pg'

const base = process.argv[2] ?? 'http://127.0.0.1:8080'
const databaseUrl = process.env.BENCH_DATABASE_URL
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL: the database the server uses')
const user = process.env.BENCH_USER ?? 'admin'
const password = process.env.BENCH_PASSWORD ?? process.env.ADMIN_PASSWORD ?? ''
const ROWS = Math.min(Math.max(Number(process.env.BENCH_ROWS ?? 10_000) || 10_000, 200), 1_000_000)
const CHUNK = Math.min(Math.max(Number(process.env.BENCH_CHUNK ?? 200) || 200, 1), 1000)

const db = new pg.Client({ connectionString: databaseUrl })
await db.connect()
const one = async (text) => (await db.query(text)).rows[0]
const firm = await one('select id from firms where deleted_at is null order by id limit 1')
const classify2 = await one(
  `select c.id, c.parent_id from classifys c join classifys p on p.id = c.parent_id
    where p.level = 1 and c.deleted_at is null and p.deleted_at is null order by c.id limit 1`,
)
const pclassify = await one('select id from pclassifys where deleted_at is null order by id limit 1')
const year = await one('select id from years where deleted_at is null order by id limit 1')
if (!firm || !classify2 || !pclassify || !year)
  throw new Error('needs a firm, classifications, a group, a year')

const stamp = `IMPB${Date.now().toString(36)}`
const rowsOf = (kind) =>
  Array.from({ length: ROWS }, (_, i) => ({
    uid: `${stamp}${kind}-${i}`,
    firm_id: firm.id,
    classify_id: classify2.parent_id,
    classify2_id: classify2.id,
    pclassify_id: pclassify.id,
    name: `导入测试 ${kind} ${i}`,
    company_no: `C-${i}`,
    no: `N-${i}`,
    status: 1,
    year_ids: [year.id],
  }))
const chunks = (rows) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK))

const login = await fetch(`${base}/api/open/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: user, password }),
})
const { token } = await login.json()
if (!token) throw new Error(`login failed (${login.status})`)

const logsBefore = Number((await one('select count(*) from logs')).count)
const ours = rowsOf('H')
let started = performance.now()
let imported = 0
for (const datas of chunks(ours)) {
  const answer = await fetch(`${base}/api/admin/products/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ datas }),
  })
  const body = await answer.json()
  if (answer.status !== 200 || body.errors?.length)
    throw new Error(`import: ${answer.status} ${JSON.stringify(body).slice(0, 300)}`)
  imported += body.imported
}
const oursMs = performance.now() - started

const bare = rowsOf('S')
const columns = [
  'uid',
  'firm_id',
  'classify_id',
  'classify2_id',
  'pclassify_id',
  'name',
  'company_no',
  'no',
  'status',
]
started = performance.now()
for (const rows of chunks(bare)) {
  await db.query('begin')
  const values = rows.flatMap((row) => columns.map((column) => row[column]))
  const tuples = rows.map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
  const inserted = await db.query(
    `insert into products (${columns.join(', ')}) values ${tuples.join(', ')} returning id`,
    values,
  )
  const ids = inserted.rows.map((row) => row.id)
  await db.query(`insert into product_year (product_id, year_id) select unnest($1::int[]), $2`, [
    ids,
    year.id,
  ])
  await db.query('commit')
}
const bareMs = performance.now() - started

const stored = Number(
  (await one(`select count(distinct uid) from products where uid like '${stamp}H-%'`)).count,
)
const links = Number(
  (
    await one(
      `select count(*) from product_year where product_id in (select id from products where uid like '${stamp}H-%')`,
    )
  ).count,
)
const logEntries = Number((await one('select count(*) from logs')).count) - logsBefore
await db.query(
  `delete from product_year where product_id in (select id from products where uid like '${stamp}%')`,
)
await db.query(`delete from products where uid like '${stamp}%'`)
await db.end()

const rate = (rows, ms) => Math.round((rows / ms) * 1000)
console.log(
  `rows ${ROWS} in chunks of ${CHUNK}; stored ${stored} (links ${links}), answered imported ${imported}`,
)
console.log(
  `log entries written: ${logEntries} (one per chunk: ${Math.ceil(ROWS / CHUNK)}, besides the login's)`,
)
console.log(`ours       ${(oursMs / 1000).toFixed(1)} s: ${rate(ROWS, oursMs)} rows/s (target ≥ 5,000)`)
console.log(`bare SQL   ${(bareMs / 1000).toFixed(1)} s: ${rate(ROWS, bareMs)} rows/s`)
console.log(`ratio      ${(bareMs / oursMs).toFixed(2)} of the bare SQL's speed`)
