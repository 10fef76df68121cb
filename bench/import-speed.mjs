// The product import through HTTP, as the SPA sends it (chunks of 1,000 rows, two in flight, each
// under its key, the answers used in order, to /api/admin/products/import), against the reference:
// the same rows written with bare SQL INSERTs (products, then their payment periods, one transaction
// per chunk, as many chunks at once on as many connections) straight to the database.
// Prints rows per second of both and their ratio, checks every row was stored once and the operation
// log has one entry per chunk, sends one chunk again under its key (as after a reload) and checks it
// stored nothing and got its first answer, then removes the rows it added.
//
//   node bench/import-speed.mjs [base url]          default http://127.0.0.1:8080
//   BENCH_DATABASE_URL: the database the server uses (for the reference and the checks)
//   BENCH_USER / BENCH_PASSWORD (default admin / the ADMIN_PASSWORD env)
//   BENCH_ROWS (default 10000), BENCH_CHUNK (default 200, the SPA's IMPORT_CHUNK_ROWS: SPEC §9),
//   BENCH_IN_FLIGHT (default 2, the SPA's IMPORT_CHUNKS_IN_FLIGHT)
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
const IN_FLIGHT = Math.min(Math.max(Number(process.env.BENCH_IN_FLIGHT ?? 2) || 2, 1), 8)

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

/**
 * Runs `work(i)` for every chunk as the SPA's import job does: up to IN_FLIGHT chunks started, the
 * results used in chunk order, the next chunk started only once the oldest one's result came.
 */
async function inFlight(count, work, use) {
  const started = new Map()
  for (let index = 0; index < count; index++) {
    for (let i = index; i < Math.min(count, index + IN_FLIGHT); i++)
      if (!started.has(i)) started.set(i, work(i))
    use(await started.get(index))
    started.delete(index)
  }
}

const login = await fetch(`${base}/api/open/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: user, password }),
})
const { token } = await login.json()
if (!token) throw new Error(`login failed (${login.status})`)

const logsBefore = Number((await one('select count(*) from logs')).count)
const ours = chunks(rowsOf('H'))
const task = `bench-${stamp}`
const post = async (index) => {
  const answer = await fetch(`${base}/api/admin/products/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ datas: ours[index], key: `${task}-${index}` }),
  })
  return { status: answer.status, body: await answer.json() }
}
const sendChunk = async (index) => {
  const { status, body } = await post(index)
  if (status !== 200 || body.errors?.length)
    throw new Error(`import: ${status} ${JSON.stringify(body).slice(0, 300)}`)
  return body
}
let started = performance.now()
let imported = 0
await inFlight(ours.length, sendChunk, (body) => {
  imported += body.imported
})
const oursMs = performance.now() - started
const logEntries = Number((await one('select count(*) from logs')).count) - logsBefore
// A chunk sent again under its key, as after a reload: answered as before, nothing stored twice.
const resent = (await post(ours.length - 1)).body
const resentLogs = Number((await one('select count(*) from logs')).count) - logsBefore - logEntries

const bare = chunks(rowsOf('S'))
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
const pool = new pg.Pool({ connectionString: databaseUrl, max: IN_FLIGHT })
await Promise.all(Array.from({ length: IN_FLIGHT }, async () => (await pool.connect()).release()))
const storeBare = async (index) => {
  const rows = bare[index]
  const client = await pool.connect()
  try {
    await client.query('begin')
    const values = rows.flatMap((row) => columns.map((column) => row[column]))
    const tuples = rows.map(
      (_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`,
    )
    const inserted = await client.query(
      `insert into products (${columns.join(', ')}) values ${tuples.join(', ')} returning id`,
      values,
    )
    const ids = inserted.rows.map((row) => row.id)
    await client.query(`insert into product_year (product_id, year_id) select unnest($1::int[]), $2`, [
      ids,
      year.id,
    ])
    await client.query('commit')
  } finally {
    client.release()
  }
}
started = performance.now()
await inFlight(bare.length, storeBare, () => undefined)
const bareMs = performance.now() - started

const stored = Number((await one(`select count(*) from products where uid like '${stamp}H-%'`)).count)
const links = Number(
  (
    await one(
      `select count(*) from product_year where product_id in (select id from products where uid like '${stamp}H-%')`,
    )
  ).count,
)
await pool.end()
await db.query(
  `delete from product_year where product_id in (select id from products where uid like '${stamp}%')`,
)
await db.query(`delete from products where uid like '${stamp}%'`)
await db.query(`delete from import_chunks where key like '${task}-%'`)
await db.end()

const rate = (rows, ms) => Math.round((rows / ms) * 1000)
console.log(
  `rows ${ROWS} in chunks of ${CHUNK}, ${IN_FLIGHT} in flight; stored ${stored} (links ${links}), answered imported ${imported}`,
)
console.log(
  `log entries written: ${logEntries} (one per chunk: ${ours.length}); the last chunk sent again: answered imported ${resent.imported} (${resent.errors?.length ?? '?'} errors), stored nothing (${stored === ROWS ? 'yes' : 'NO'}), ${resentLogs} more log entries`,
)
console.log(`ours       ${(oursMs / 1000).toFixed(1)} s: ${rate(ROWS, oursMs)} rows/s (target ≥ 5,000)`)
console.log(
  `bare SQL   ${(bareMs / 1000).toFixed(1)} s: ${rate(ROWS, bareMs)} rows/s (${IN_FLIGHT} connections)`,
)
console.log(`ratio      ${(bareMs / oursMs).toFixed(2)} of the bare SQL's speed`)
