// Every keyword length and any page number of the three lists that grow (products, accounts, the
// operation log) at a million rows on PostgreSQL (issue 22, targets 1 and 2), through HTTP, beside the
// statements the server sent for the same request replayed straight to PostgreSQL.
//
// Three processes: ours (the server's app bundled from the sources, default log level, listening on a
// local port, called with a bearer token of the super administrator), the reference (a pg client that
// replays, in order, exactly the statements ours sent for that request — captured in ours' process
// from the pg driver, named or unnamed as ours sent them) and this one, which times both from outside
// in interleaved rounds (ours, reference, ours, …) so that the machine's load weighs on both.
// Each case prints ours' p50 / p95 and min / max next to the reference's p50 and the ratio of the
// medians; the load average before and after.
//
//   node bench/generate-data.mjs bench_10m products=1000000 accounts=1000000 logs=10000000   # once (see bench/README.md)
//   BENCH_DATABASE_NAME=bench_10m node bench/search-and-pages.mjs
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): the PostgreSQL server
//   BENCH_ROUNDS (default 30), BENCH_ONLY: a part of a case name to run only those cases
//   BENCH_RESULTS: a file to write every case's figures to as JSON (bench/growth.mjs reads it)
//
// Target: p95 < 50 ms for every case; a search or page that cannot be answered in time answers a
// clear 422 at once (printed as such), never a 503 after the statement time-out.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { child, finishRun, serveOurs, serveReference, timedGet } from './lib/replayed-requests.mjs'
import { percentile } from './support.mjs'

const ROLE = process.argv[2]
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 30) || 30, 5), 1000)
const ONLY = process.env.BENCH_ONLY

// The keyword cases ask as the list page does: its page (1) and the keyword, the total left to the
// estimate.
const CASES = [
  // [list, name, query]
  ['products', 'keyword 1 char CN no match (龘)', 'page=1&keyword=龘'],
  ['products', 'keyword 1 char CN rare (鑫)', 'page=1&keyword=鑫'],
  ['products', 'keyword 1 char CN common (寿)', 'page=1&keyword=寿'],
  ['products', 'keyword 1 char Latin no match (q)', 'page=1&keyword=q'],
  ['products', 'keyword 1 char Latin common (a)', 'page=1&keyword=a'],
  ['products', 'keyword 2 chars CN no match (龘龙)', 'page=1&keyword=龘龙'],
  ['products', 'keyword 2 chars CN rare (鑫国)', 'page=1&keyword=鑫国'],
  ['products', 'keyword 2 chars CN common (国寿)', 'page=1&keyword=国寿'],
  ['products', 'keyword 2 chars Latin no match (qx)', 'page=1&keyword=qx'],
  ['products', 'keyword 2 chars Latin common (li)', 'page=1&keyword=li'],
  ['products', 'keyword 3+ CN no match (龘龙凤)', 'page=1&keyword=龘龙凤'],
  ['products', 'keyword 3+ CN rare (鑫国寿)', 'page=1&keyword=鑫国寿'],
  ['products', 'keyword 3+ CN common (终身寿险)', 'page=1&keyword=终身寿险'],
  ['products', 'keyword 3+ Latin no match (qxz)', 'page=1&keyword=qxz'],
  ['products', 'keyword 3+ Latin rare (Orchid)', 'page=1&keyword=Orchid'],
  ['products', 'keyword 3+ Latin common (Life)', 'page=1&keyword=Life'],
  ['products', 'page 1', 'page=1'],
  ['products', 'page 600 (by number)', 'page=600'],
  ['products', 'page 63,334 (by number: 422)', 'page=63334', 422],
  ['products', 'middle page after a row (page 31,667)', 'page=31667&after=500000'],
  ['products', 'last page but one (last=1&skip=15)', 'last=1&skip=15'],
  ['users', 'keyword 1 char CN no match (龘)', 'page=1&keyword=龘'],
  ['users', 'keyword 1 char CN rare (欧)', 'page=1&keyword=欧'],
  ['users', 'keyword 1 char CN common (王)', 'page=1&keyword=王'],
  ['users', 'keyword 1 char Latin no match (!)', 'page=1&keyword=!'],
  ['users', 'keyword 1 char Latin common (a)', 'page=1&keyword=a'],
  ['users', 'keyword 2 chars CN no match (龘龙)', 'page=1&keyword=龘龙'],
  ['users', 'keyword 2 chars CN rare (欧阳)', 'page=1&keyword=欧阳'],
  ['users', 'keyword 2 chars CN common (建国)', 'page=1&keyword=建国'],
  ['users', 'keyword 2 chars Latin no match (qx)', 'page=1&keyword=qx'],
  ['users', 'keyword 2 chars Latin common (qq)', 'page=1&keyword=qq'],
  ['users', 'keyword 3+ CN no match (龘龙凤)', 'page=1&keyword=龘龙凤'],
  ['users', 'keyword 3+ Latin rare (zephyr)', 'page=1&keyword=zephyr'],
  ['users', 'keyword 3+ Latin common (gmail)', 'page=1&keyword=gmail'],
  ['users', 'page 1', 'page=1'],
  ['users', 'page 600 (by number)', 'page=600'],
  ['users', 'middle page after a row (page 33,334)', 'page=33334&after=500000'],
  ['users', 'last page but one (last=1&skip=15)', 'last=1&skip=15'],
  ['logs', 'keyword 1 char CN no match (龘)', 'page=1&keyword=龘'],
  ['logs', 'keyword 1 char CN common (京)', 'page=1&keyword=京'],
  ['logs', 'keyword 1 char Latin common (a)', 'page=1&keyword=a'],
  ['logs', 'keyword 2 chars CN no match (龘龙)', 'page=1&keyword=龘龙'],
  ['logs', 'keyword 2 chars CN rare (鄂尔)', 'page=1&keyword=鄂尔'],
  ['logs', 'keyword 2 chars CN common (北京)', 'page=1&keyword=北京'],
  ['logs', 'keyword 2 chars Latin common (in)', 'page=1&keyword=in'],
  ['logs', 'keyword 3+ CN rare (鄂尔多斯)', 'page=1&keyword=鄂尔多斯'],
  ['logs', 'keyword 3+ Latin no match (qxz)', 'page=1&keyword=qxz'],
  ['logs', 'keyword 3+ Latin common (login)', 'page=1&keyword=login'],
  // Addresses (the generated ones are 36–95.x.0–1.x): pg_trgm splits words at the dots and colons.
  ['logs', 'keyword address across a dot (36.12)', 'page=1&keyword=36.12'],
  ['logs', 'keyword address rare (.5.1)', 'page=1&keyword=.5.1'],
  ['logs', 'keyword address common (36.1)', 'page=1&keyword=36.1'],
  ['logs', 'keyword address no match (192.168.)', 'page=1&keyword=192.168.'],
  ['logs', 'keyword address IPv6 no match (fe80::1)', 'page=1&keyword=fe80::1'],
  ['logs', 'page 1', 'page=1'],
  // An API call naming no page asks for the exact total (the list page never does: it sends its page).
  ['products', 'keyword common, no page: counts every match (寿)', 'keyword=寿'],
  ['users', 'keyword common, no page: counts every match (王)', 'keyword=王'],
  ['logs', 'page 600 (by number)', 'page=600'],
  ['logs', 'middle page after a row (page 33,334)', 'page=33334&after=500000'],
  ['logs', 'last page but one (last=1&skip=15)', 'last=1&skip=15'],
].filter(([list, name]) => !ONLY || `${list} ${name}`.includes(ONLY))

async function main() {
  const ours = child(fileURLToPath(import.meta.url), 'ours')
  const reference = child(fileURLToPath(import.meta.url), 'reference')
  const { base, tokens } = await ours.ask()
  await reference.ask()
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const fetchTimed = timedGet(agent)
  const get = (address) => fetchTimed(address, tokens.super)
  const url = (list, query) => `${base}/api/admin/${list}/list?${query}`
  const warm = await get(url('products', 'page=1'))
  if (warm.status !== 200) throw new Error(`ours answered ${warm.status}: ${warm.body.slice(0, 300)}`)
  for (let i = 0; i < 50; i++) await get(url('products', 'page=1'))

  const load = os.loadavg()
  console.log(
    `${ROUNDS} interleaved rounds per case; load average ${load.map((n) => n.toFixed(2)).join(' ')}`,
  )
  console.log(
    `${'case'.padEnd(52)} ${'status'.padStart(6)} ${'rows'.padStart(5)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'min'.padStart(8)} ${'max'.padStart(8)} ${'SQL p50'.padStart(8)} ${'ratio'.padStart(6)} stmts`,
  )
  const failures = []
  const results = []
  for (const [list, name, query, expected = 200] of CASES) {
    const address = url(list, query)
    // Each round's reference replays what ours sent in that round: a statement ours sends only now
    // and then (a list's recent window, read again once a minute) is timed on both sides alike.
    const sent = async () => {
      await ours.ask({ capture: 'start' })
      const answer = await get(address)
      const { statements } = await ours.ask({ capture: 'stop' })
      return { answer, statements }
    }
    const { answer: first } = await sent()
    // The statements of a round, as most rounds sent them (the first request may also read what is
    // then kept a while, such as the log's recent window).
    const counts = []
    const oursMs = []
    const sqlMs = []
    let status = first.status
    for (let round = 0; round < ROUNDS; round++) {
      const { answer, statements: replayed } = await sent()
      status = answer.status
      oursMs.push(answer.ms)
      counts.push(replayed.length)
      const replay = await reference.ask({ statements: replayed })
      sqlMs.push(replay.ms)
    }
    oursMs.sort((a, b) => a - b)
    sqlMs.sort((a, b) => a - b)
    const p50 = percentile(oursMs, 50)
    const p95 = percentile(oursMs, 95)
    const sql50 = percentile(sqlMs, 50)
    const rows = first.status === 200 ? JSON.parse(first.body).data.length : '-'
    if (status !== expected || p95 >= 50) failures.push(`${list} ${name}`)
    const statements = counts.sort((a, b) => a - b)[Math.floor(counts.length / 2)]
    results.push({ list, name, status, p50, p95, sql50, statements })
    const f = (n) => `${n.toFixed(1)}`.padStart(8)
    console.log(
      `${`${list} ${name}`.padEnd(52)} ${String(status).padStart(6)} ${String(rows).padStart(5)} ${f(p50)} ${f(p95)} ${f(oursMs[0])} ${f(oursMs[oursMs.length - 1])} ${f(sql50)} ${`×${(p50 / sql50).toFixed(2)}`.padStart(6)} ${statements}`,
    )
  }
  if (process.env.BENCH_RESULTS)
    fs.writeFileSync(process.env.BENCH_RESULTS, JSON.stringify({ load: [load, os.loadavg()], results }))
  finishRun({ ours, reference, agent, failures })
}

// A child ends with the bench, however it ends.
if (ROLE) process.on('disconnect', () => process.exit(0))
if (ROLE === 'ours') await serveOurs('search-pages-')
else if (ROLE === 'reference') await serveReference()
else await main()
