// What a data scope costs a list: the accounts list through HTTP for the super administrator (no
// scope), an administrator of a branch (`unit_and_below`: the branch and its departments, a tenth of
// the accounts) and of one department (`unit`, a fortieth), on the same database, in interleaved
// rounds (each round asks every case of every caller in turn, one request at a time). Prints per
// caller and case the median and p95 (ms) and the ratio scoped ÷ unscoped of the rounds' medians
// (min / median / max), with the load average.
//
//   npm run build
//   node bench/generate-data.mjs h3_scope_1m accounts=1000000   (once: accounts in a kept database)
//   BENCH_DATABASE=h3_scope_1m node bench/scoped-list.mjs
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): the PostgreSQL server
//   BENCH_PORT: the port of our server (default: a free one); BENCH_ROUNDS (default 6),
//   BENCH_PER_ROUND (default 5 requests per caller, case and round)
//
// The first run files the accounts in 40 units (a head office, 9 branches of 3 departments and the
// head office's own 3 departments), by id, and adds the two scoped administrators.
import pg from 'pg'
import { httpClient, loadAverage, median, percentile, spread, startOurServer } from './lib/processes.mjs'
import { bundleServer, openKeptDatabase } from './support.mjs'

const NAME = process.env.BENCH_DATABASE ?? 'h3_scope_100k'
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(NAME)) throw new Error('BENCH_DATABASE: lower-case letters, digits, _')
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 6) || 6, 2), 50)
const PER_ROUND = Math.min(Math.max(Number(process.env.BENCH_PER_ROUND ?? 5) || 5, 1), 50)
const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined

const CASES = [
  { name: 'page 1', query: 'page=1' },
  { name: 'page 1 with total', query: 'page=1&get_count=1' },
  { name: 'status filter', query: 'status=1&page=1' },
  { name: 'page 200', query: 'page=200' },
  { name: 'sort -created_at', query: 'sort=-created_at&page=1' },
  { name: 'keyword (2 chars)', query: `keyword=${encodeURIComponent('王伟')}&page=1` },
  { name: 'export page 1', path: 'excel', query: 'per_page=500' },
]

const server = await bundleServer([
  "export { openDatabase } from './src/db/client'",
  "export { seedDatabase } from './src/db/seed/index'",
  "export { loadConfig } from './src/config'",
  "export { createSession } from './src/modules/auth/sessions'",
])

const { url, database } = await openKeptDatabase(server, NAME, { env: { APP_ENV: 'testing' } })
const client = new pg.Client({ connectionString: url })
await client.connect()
const { rows: counted } = await client.query('select count(*)::int as n from users')
if (counted[0].n < 1000)
  throw new Error(`${NAME} holds ${counted[0].n} accounts: run bench/generate-data.mjs first`)

/** The units and the scoped administrators, made once. */
async function prepareUnits() {
  const { rows: held } = await client.query("select id from departments where name = 'Bench head office'")
  if (held.length > 0) return
  const started = performance.now()
  await client.query('begin')
  // Nested set: the head office 1..80; unit k (1..39) of branch b (0..9, 0 = the head office's own).
  await client.query(`insert into departments (id, name, parent_id, level, left_margin, right_margin)
    overriding system value values (1000, 'Bench head office', 0, 1, 1, 80)`)
  for (let branch = 1; branch <= 9; branch++) {
    const left = 2 + (branch - 1) * 8
    await client.query(
      `insert into departments (id, name, parent_id, level, left_margin, right_margin)
       overriding system value values ($1, $2, 1000, 2, $3, $4)`,
      [1000 + branch * 10, `Bench branch ${branch}`, left, left + 7],
    )
    for (let team = 1; team <= 3; team++)
      await client.query(
        `insert into departments (id, name, parent_id, level, left_margin, right_margin)
         overriding system value values ($1, $2, $3, 3, $4, $5)`,
        [
          1000 + branch * 10 + team,
          `Bench team ${branch}.${team}`,
          1000 + branch * 10,
          left + team * 2 - 1,
          left + team * 2,
        ],
      )
  }
  for (let team = 1; team <= 3; team++)
    await client.query(
      `insert into departments (id, name, parent_id, level, left_margin, right_margin)
       overriding system value values ($1, $2, 1000, 2, $3, $4)`,
      [1000 + team, `Bench head office team ${team}`, 74 + team * 2 - 1, 74 + team * 2],
    )
  await client.query(`select setval('departments_id_seq', 2000)`)
  // Accounts by id: 4 of every 40 in each branch (the branch itself and its three teams), 4 in the head office's teams.
  await client.query(`update users set department_id = case
      when (id % 40) / 4 = 0 then 1000 + 1 + id % 3
      when id % 4 = 0 then 1000 + ((id % 40) / 4) * 10
      else 1000 + ((id % 40) / 4) * 10 + id % 4 end
    where id > 1`)
  for (const [uname, unit, scope] of [
    ['benchbranch', 1010, 'unit_and_below'],
    ['benchteam', 1011, 'unit'],
  ]) {
    const { rows: user } = await client.query(
      `insert into users (uname, name, status, department_id) values ($1, $1, 1, $2) returning id`,
      [uname, unit],
    )
    const { rows: role } = await client.query(
      `insert into roles (name, parent_id, data_scope) values ($1, 1, $2) returning id`,
      [`Bench ${scope}`, scope],
    )
    const { rows: admin } = await client.query(
      'insert into admins (user_id, department_id) values ($1, $2) returning id',
      [user[0].id, unit],
    )
    await client.query('insert into admin_role (admin_id, role_id) values ($1, $2)', [
      admin[0].id,
      role[0].id,
    ])
    await client.query('insert into menu_role (role_id, menu_id) select $1, id from menus', [role[0].id])
  }
  await client.query('commit')
  await client.query('vacuum analyze users')
  console.log(`units filed in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}
await prepareUnits()

const callers = []
for (const [label, uname] of [
  ['super administrator (all)', 'admin'],
  ['branch (unit_and_below)', 'benchbranch'],
  ['department (unit)', 'benchteam'],
]) {
  const { rows } = await client.query(
    `select u.id, (select count(*)::int from users s where s.deleted_at is null and (
       $2 = 'admin' or s.department_id in (select d.id from departments d join departments m on m.id = u.department_id
         where d.left_margin >= m.left_margin and d.right_margin <= m.right_margin and ($2 <> 'benchteam' or d.id = m.id)))) as visible
     from users u where u.uname = $1`,
    [uname, uname],
  )
  const { token } = await server.createSession(database.db, {
    userId: rows[0].id,
    remember: true,
    lifetimeMinutes: 600,
    ip: '127.0.0.1',
    userAgent: 'bench',
  })
  callers.push({
    label,
    visible: rows[0].visible,
    http: httpClient({ authorization: `Bearer ${token}`, 'accept-encoding': 'identity' }),
  })
}
await client.end()
await database.close()

const ours = await startOurServer({ databaseUrl: url, port: PORT })
const ask = (caller, item) =>
  caller.http.time(`${ours.base}/api/admin/users/${item.path ?? 'list'}?${item.query}`)
try {
  for (let i = 0; i < 3; i++) for (const item of CASES) for (const caller of callers) await ask(caller, item)
  const samples = callers.map(() => CASES.map(() => ({ all: [], medians: [] })))
  for (let round = 0; round < ROUNDS; round++) {
    for (const [n, item] of CASES.entries()) {
      const turn = round % callers.length
      const order = [...callers.keys()].slice(turn).concat([...callers.keys()].slice(0, turn))
      const times = callers.map(() => [])
      for (let i = 0; i < PER_ROUND; i++) for (const c of order) times[c].push(await ask(callers[c], item))
      for (const c of callers.keys()) {
        samples[c][n].all.push(...times[c])
        samples[c][n].medians.push(median(times[c]))
      }
    }
  }
  console.log(`\n${NAME}: ${ROUNDS} rounds × ${PER_ROUND} requests per caller and case; ${loadAverage()}`)
  for (const [c, caller] of callers.entries()) {
    console.log(`\n${caller.label}: ${caller.visible.toLocaleString('en')} accounts visible`)
    console.log('case                         p50 ms   p95 ms   ÷ unscoped (rounds min / median / max)')
    for (const [n, item] of CASES.entries()) {
      const sorted = [...samples[c][n].all].sort((a, b) => a - b)
      const ratios = samples[c][n].medians.map((value, round) => value / samples[0][n].medians[round])
      console.log(
        `${item.name.padEnd(28)} ${percentile(sorted, 50).toFixed(1).padStart(6)} ${percentile(sorted, 95).toFixed(1).padStart(8)}   ${c === 0 ? '-' : spread(ratios)}`,
      )
    }
  }
  console.log(`\n${loadAverage()}`)
} finally {
  for (const caller of callers) caller.http.close()
  await ours.stop()
}
