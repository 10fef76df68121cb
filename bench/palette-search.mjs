// The command palette's record search, GET /admin/search?keyword= (issue 25 §1: p95 < 50 ms at a million
// products), on PostgreSQL through HTTP, beside the statements the server sent for the same request
// replayed straight to PostgreSQL.
//
// Three processes: ours (the server's app bundled from the sources, default log level, listening on a
// local port, called with bearer tokens), the reference (a pg client that replays, in order and on one
// connection, exactly the statements ours sent for that request — captured in ours' process from the pg
// driver; ours sends a group's statements on connections of their own, at once) and this one, which
// times both from outside in interleaved rounds (ours, reference, ours, …) so that the machine's load
// weighs on both. Callers: the super administrator (every group: products, firms, accounts, banks,
// agent systems, units, roles) and an administrator of one unit (`unit`: the accounts group reads
// only the accounts of that unit). Each case prints ours' p50 / p95 and min / max next to the
// reference's p50 and the ratio of the medians, the products list alone for the same keyword (its
// first page of 10, the same caller: the largest group as the list page answers it), the groups
// answered; the load average before and after.
//
//   node bench/generate-data.mjs h1bench products=1000000 accounts=1000000   # once (minutes)
//   BENCH_DATABASE_NAME=h1bench node bench/palette-search.mjs
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): the PostgreSQL server
//   BENCH_ROUNDS (default 30), BENCH_ONLY: a part of a case name to run only those cases
//
// Target: p95 < 50 ms for every case; a group the indexes cannot answer in time is empty and
// `too_broad` (printed), never a 5xx or a wait of seconds.
import http from 'node:http'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { child, finishRun, serveOurs, serveReference, timedGet } from './lib/replayed-requests.mjs'
import { percentile } from './support.mjs'

const ROLE = process.argv[2]
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 30) || 30, 5), 1000)
const ONLY = process.env.BENCH_ONLY

/**
 * An administrator of one unit (`unit` scope) whose role holds every menu item: made once in the
 * bench's database (kept by its account name), answered by its account id.
 */
async function scopedAdministrator(db) {
  const { sql } = await import('drizzle-orm')
  const run = async (statement) => (await db.execute(statement)).rows
  const [held] = await run(sql`select id from users where uname = 'palettebench'`)
  if (held) return Number(held.id)
  const [unit] = await run(sql`insert into departments (name, parent_id, level, left_margin, right_margin)
    values ('Palette bench unit', 0, 1, 990001, 990002) returning id`)
  const [user] = await run(sql`insert into users (uname, name, status, department_id)
    values ('palettebench', 'Palette bench', 1, ${unit.id}) returning id`)
  const [role] = await run(
    sql`insert into roles (name, parent_id, data_scope) values ('Palette bench', 1, 'unit') returning id`,
  )
  const [admin] = await run(
    sql`insert into admins (user_id, department_id) values (${user.id}, ${unit.id}) returning id`,
  )
  await run(sql`insert into admin_role (admin_id, role_id) values (${admin.id}, ${role.id})`)
  await run(
    sql`insert into menu_role (role_id, menu_id) select ${role.id}, id from menus where deleted_at is null`,
  )
  return Number(user.id)
}

const CASES = [
  // [caller, name, keyword]
  ['super', '1 char CN no match (龘)', '龘'],
  ['super', '1 char CN rare (鑫)', '鑫'],
  ['super', '1 char CN common (寿)', '寿'],
  ['super', '1 char Latin common (a)', 'a'],
  ['super', '2 chars CN no match (龘龙)', '龘龙'],
  ['super', '2 chars CN rare (鑫国)', '鑫国'],
  ['super', '2 chars CN common (国寿)', '国寿'],
  ['super', '2 chars Latin common (li)', 'li'],
  ['super', '3+ CN no match (龘龙凤)', '龘龙凤'],
  ['super', '3+ CN rare (鑫国寿)', '鑫国寿'],
  ['super', '3+ CN common (终身寿险)', '终身寿险'],
  ['super', '3+ Latin rare (Orchid)', 'Orchid'],
  ['super', '3+ Latin common (Life)', 'Life'],
  ['super', 'a number (C02)', 'C02'],
  ['unit', '1 char CN common (王)', '王'],
  ['unit', '2 chars CN common (建国)', '建国'],
  ['unit', '3+ Latin common (gmail)', 'gmail'],
  ['unit', '3+ CN common (终身寿险)', '终身寿险'],
].filter(([caller, name]) => !ONLY || `${caller} ${name}`.includes(ONLY))

async function main() {
  const ours = child(fileURLToPath(import.meta.url), 'ours')
  const reference = child(fileURLToPath(import.meta.url), 'reference')
  const { base, tokens } = await ours.ask()
  await reference.ask()
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const fetchTimed = timedGet(agent)
  const get = (address, token = tokens.super) => fetchTimed(address, token)
  const url = (keyword) => `${base}/api/admin/search?${new URLSearchParams({ keyword })}`
  const warm = await get(url('人寿'))
  if (warm.status !== 200) throw new Error(`ours answered ${warm.status}: ${warm.body.slice(0, 300)}`)
  for (let i = 0; i < 50; i++) await get(url('人寿'))

  const load = os.loadavg()
  console.log(
    `${ROUNDS} interleaved rounds per case; load average ${load.map((n) => n.toFixed(2)).join(' ')}`,
  )
  console.log(
    `${'case'.padEnd(52)} ${'status'.padStart(6)} ${'hits'.padStart(5)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'min'.padStart(8)} ${'max'.padStart(8)} ${'SQL p50'.padStart(8)} ${'ratio'.padStart(6)} ${'list p50'.padStart(8)} stmts`,
  )
  const failures = []
  for (const [caller, name, keyword] of CASES) {
    const address = url(keyword)
    const token = tokens[caller]
    await ours.ask({ capture: 'start' })
    const first = await get(address, token)
    const { statements } = await ours.ask({ capture: 'stop' })
    const oursMs = []
    const sqlMs = []
    let status = first.status
    const listMs = []
    const listAddress = `${base}/api/admin/products/list?${new URLSearchParams({ keyword, page: '1', per_page: '10' })}`
    for (let round = 0; round < ROUNDS; round++) {
      const answer = await get(address, token)
      status = answer.status
      oursMs.push(answer.ms)
      const replay = await reference.ask({ statements })
      sqlMs.push(replay.ms)
      listMs.push((await get(listAddress, token)).ms)
    }
    listMs.sort((a, b) => a - b)
    oursMs.sort((a, b) => a - b)
    sqlMs.sort((a, b) => a - b)
    const p50 = percentile(oursMs, 50)
    const p95 = percentile(oursMs, 95)
    const sql50 = percentile(sqlMs, 50)
    const groups = first.status === 200 ? JSON.parse(first.body).groups : []
    const hits = groups.reduce((sum, group) => sum + group.hits.length, 0)
    const broad = groups.filter((group) => group.too_broad).map((group) => group.resource)
    if (status !== 200 || p95 >= 50) failures.push(`${caller} ${name}`)
    const f = (n) => `${n.toFixed(1)}`.padStart(8)
    console.log(
      `${`${caller} ${name}`.padEnd(52)} ${String(status).padStart(6)} ${String(hits).padStart(5)} ${f(p50)} ${f(p95)} ${f(oursMs[0])} ${f(oursMs[oursMs.length - 1])} ${f(sql50)} ${`×${(p50 / sql50).toFixed(2)}`.padStart(6)} ${f(percentile(listMs, 50))} ${statements.length}${broad.length > 0 ? ` too broad: ${broad.join(', ')}` : ''}`,
    )
  }
  finishRun({ ours, reference, agent, failures })
}

// A child ends with the bench, however it ends.
if (ROLE) process.on('disconnect', () => process.exit(0))
if (ROLE === 'ours')
  await serveOurs('palette-search-', async (session, db) => ({
    unit: await session(await scopedAdministrator(db)),
  }))
else if (ROLE === 'reference') await serveReference()
else await main()
