// The product import in Chromium, end to end (issue 21, target 4: ≥ 0.7 of bare INSERTs for 10,000
// products, reading the file included): the xlsx file given to the product list's Import button, until
// the tab says every row was imported (timed in the tab: from the input's change event until the alert
// is in the page). Beside it, the reference: another process sending PostgreSQL
// the server's own INSERT of a chunk's products and their links (captured through a proxy from the
// built server's import of a chunk, replayed as a named prepared statement, only the uids differing),
// one transaction per chunk of 200, two at once, as the tab sends them. Rounds interleaved (their
// order alternating), a new file of new products each round; prints rows/s, the ratio's
// min / median / max over the rounds and the load average, and checks ours stored every row once.
//
//   npm run build && node bench/import-browser.mjs
//   BENCH_DATABASE_URL, BENCH_DB_NAME: as bench/import-speed.mjs (a database of its own, dropped after)
//   BENCH_ROUNDS (default 3), BENCH_ROWS (default 10000), BENCH_ROUND_TIMEOUT_S (default 600)
//   BENCH_PROFILE=1: prints where the tab's main thread spent the first round's import
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import pg from 'pg'
import { chromium } from 'playwright-core'
import { loadAverage, spread } from './lib/processes.mjs'
import { transactionsOf } from './lib/wire-capture.mjs'
import {
  ADMIN_PASSWORD,
  captureStatements,
  createBenchDatabase,
  startReference,
  startServer,
  substitute,
} from './lib/writes.mjs'

const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 3) || 3, 1), 20)
const ROWS = Math.min(Math.max(Number(process.env.BENCH_ROWS ?? 10_000) || 10_000, 200), 100_000)
const CHUNK = 200
const IN_FLIGHT = 2
const CHUNKS = Math.ceil(ROWS / CHUNK)
const ROUND_TIMEOUT = Number(process.env.BENCH_ROUND_TIMEOUT_S ?? 600) * 1000
const TOKEN = 'IMPB-0000000'
const tokenOf = (n) => `IMPB-${String(n).padStart(7, '0')}`

const database = await createBenchDatabase()
const loadBefore = loadAverage()
const db = new pg.Client({ connectionString: database.url })
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'))
try {
  let refs
  const rowOf = (token, i) => ({
    uid: `${token}-${String(i).padStart(5, '0')}`,
    firm_id: refs.firm,
    classify_id: refs.classify,
    classify2_id: refs.classify2,
    pclassify_id: refs.pclassify,
    name: `导入测试 ${token} ${String(i).padStart(5, '0')}`,
    company_no: `C-${i}`,
    no: `N-${i}`,
    status: 1,
    year_ids: [refs.year],
  })
  const { recorded } = await captureStatements(database.url, async (server) => {
    await db.connect()
    const one = async (text) => (await db.query(text)).rows[0]
    const classify2 = await one(
      `select c.id, c.parent_id from classifys c join classifys p on p.id = c.parent_id
        where p.level = 1 and c.deleted_at is null and p.deleted_at is null order by c.id limit 1`,
    )
    refs = {
      firm: (await one('select min(id) as id from firms where deleted_at is null')).id,
      classify: classify2.parent_id,
      classify2: classify2.id,
      pclassify: (await one('select min(id) as id from pclassifys where deleted_at is null')).id,
      year: (await one('select min(id) as id from years where deleted_at is null')).id,
    }
    const datas = Array.from({ length: CHUNK }, (_, i) => rowOf(TOKEN, i))
    const answer = await fetch(`${server.base}/api/admin/products/import`, {
      method: 'POST',
      headers: server.headers,
      body: JSON.stringify({ datas, key: `key-${TOKEN}` }),
    })
    if (answer.status !== 200) throw new Error(`import answered ${answer.status}`)
  })
  const [transaction] = transactionsOf(recorded).filter((tx) =>
    tx.some((s) => /^(with "inserted" as \()?insert into "products"/i.test(s.text)),
  )
  if (!transaction) throw new Error('no INSERT of products captured')
  const bare = transaction.filter(
    (s) =>
      /^(begin|commit)$/i.test(s.text.trim()) ||
      /^(with "inserted" as \()?insert into "products"/i.test(s.text),
  )

  // A file per round of ours: the header of field names, then the rows (year_ids as JSON text).
  const keys = Object.keys(rowOf(TOKEN, 0))
  const files = []
  for (let round = 0; round <= ROUNDS; round++) {
    const token = tokenOf(9_000_000 + round)
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('products')
    sheet.addRow(keys)
    for (let i = 0; i < ROWS; i++) {
      const row = rowOf(token, i)
      sheet.addRow(keys.map((key) => (Array.isArray(row[key]) ? JSON.stringify(row[key]) : row[key])))
    }
    const file = path.join(folder, `products-${round}.xlsx`)
    await workbook.xlsx.writeFile(file)
    files.push({ file, token })
  }

  const server = await startServer(database.url, 'ours')
  const reference = await startReference(database.url, IN_FLIGHT)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  })
  const context = await browser.newContext({ baseURL: server.base, locale: 'zh-CN' })
  const page = await context.newPage()
  await page.goto('/open/login')
  const form = page.locator('form#login')
  await form.locator('#login_username').fill('admin')
  await form.locator('#login_password').fill(ADMIN_PASSWORD)
  await form.locator('button[type=submit]').click()
  await page.waitForURL((url) => url.pathname !== '/open/login', { timeout: 30_000 })
  await page.goto('/admin/products', { waitUntil: 'networkidle' })
  const zh = JSON.parse(
    fs.readFileSync(new URL('../packages/web/src/i18n/locales/zh-CN/front.json', import.meta.url), 'utf8'),
  )
  const cdp = await context.newCDPSession(page)
  // What failed in the tab is said (a round that never ends otherwise only times out).
  page.on('pageerror', (error) => console.log(`the tab: ${error.message}`))

  const timeline = []
  let n = 1
  let profiled = !process.env.BENCH_PROFILE
  const sides = {
    /**
     * Timed in the tab, on its clock: from the file input's change event (the file given) until the
     * "all imported" alert is in the page (a MutationObserver), so neither the bench's protocol nor
     * its polling counts; the chunks' requests from the tab's Resource Timing.
     */
    ours: async (round) => {
      const profiling = !profiled
      if (profiling) {
        await cdp.send('Profiler.enable')
        await cdp.send('Profiler.start')
      }
      await page.evaluate((text) => {
        performance.clearResourceTimings()
        performance.setResourceTimingBufferSize(10_000)
        const times = { started: 0, ended: 0 }
        window.benchImport = times
        const input = document.querySelector('input[type=file][accept=".xlsx"]')
        input.addEventListener('change', () => (times.started = performance.now()), { once: true })
        const observer = new MutationObserver(() => {
          for (const alert of document.querySelectorAll('[role=alert]'))
            if (alert.textContent?.includes(text)) {
              times.ended = performance.now()
              observer.disconnect()
              return
            }
        })
        observer.observe(document.body, { childList: true, subtree: true, characterData: true })
      }, zh.messages.import_success)
      await page.locator('input[type=file][accept=".xlsx"]').setInputFiles(files[round].file)
      await page
        .waitForFunction(() => window.benchImport.ended > 0, null, { timeout: ROUND_TIMEOUT, polling: 250 })
        .catch(async (error) => {
          // Where the tab stood: the task's progress, the alerts shown, the chunks' requests.
          const stood = await page.evaluate(() => ({
            progress: document.querySelector('.bd-transfer-percent')?.textContent,
            alerts: [...document.querySelectorAll('[role=alert]')].map((alert) => alert.textContent),
            times: window.benchImport,
            requests: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/import'))
              .length,
          }))
          console.log(`the import did not end: ${JSON.stringify(stood)}`)
          throw error
        })
      const { started, ended, requests } = await page.evaluate(() => ({
        ...window.benchImport,
        requests: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('/products/import'))
          .map((entry) => ({ sent: entry.startTime, done: entry.responseEnd })),
      }))
      if (profiling) {
        profiled = true
        printProfile((await cdp.send('Profiler.stop')).profile)
      }
      const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
      const first = Math.min(...requests.map((r) => r.sent))
      const last = Math.max(...requests.map((r) => r.done))
      timeline.push(
        `first chunk sent ${(first - started).toFixed(0)} ms after the file was given; ${requests.length} chunks, each answered after ${median(requests.map((r) => r.done - r.sent)).toFixed(0)} ms (median), chunks in flight on average ${(requests.reduce((sum, r) => sum + r.done - r.sent, 0) / (last - first)).toFixed(2)}; "all imported" ${(ended - last).toFixed(0)} ms after the last answer; ${(ended - started).toFixed(0)} ms in all`,
      )
      // Gone before the next round (closed as a user closes it, or by its own 3 s): an alert taken
      // out of the page behind React's back stays shown in the alert store, and the next "all
      // imported" while it is shown only restarts its timer, so it never appeared again.
      const done = page.getByRole('alert').filter({ hasText: zh.messages.import_success })
      await done
        .getByRole('button')
        .click({ timeout: 1000 })
        .catch(() => undefined)
      await done.waitFor({ state: 'detached', timeout: 10_000 })
      return ended - started
    },
    // Timed by the bench around the reference process's run.
    'bare INSERTs': async () => {
      await reference.run(
        Array.from({ length: CHUNKS }, () => substitute(bare, TOKEN, tokenOf(n++))),
        IN_FLIGHT,
      )
    },
  }
  const names = Object.keys(sides)
  const rates = Object.fromEntries(names.map((name) => [name, []]))
  for (let round = 0; round <= ROUNDS; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse()
    const line = []
    for (const name of order) {
      const started = performance.now()
      const ms = (await sides[name](round)) ?? performance.now() - started
      const rate = (ROWS * 1000) / ms
      if (round > 0) rates[name].push(rate) // round 0 warms up
      line.push(`${name} ${Math.round(rate)} rows/s`)
    }
    console.log(`${round === 0 ? 'warm-up' : `round ${round}`}: ${line.join(', ')}   (${loadAverage()})`)
  }
  const stored = Number(
    (
      await db.query('select count(*) from products where uid like any($1::text[])', [
        files.map((f) => `${f.token}-%`),
      ])
    ).rows[0].count,
  )
  console.log(`ours' imports:\n  ${timeline.join('\n  ')}`)
  console.log(`ours stored ${stored} rows (${files.length * ROWS} in the files)`)
  console.log(`rows/s over the rounds (${ROWS} products a round):`)
  for (const name of names) console.log(`  ${name.padEnd(14)} ${rates[name].map(Math.round).join(', ')}`)
  const ratios = rates.ours.map((ours, i) => ours / rates['bare INSERTs'][i])
  console.log(`ours / bare INSERTs: min / median / max ${spread(ratios)}   (target ≥ 0.7)`)
  console.log(`before: ${loadBefore}; after: ${loadAverage()}`)
  await browser.close()
  reference.close()
  await server.stop()
} finally {
  await db.end().catch(() => undefined)
  await database.drop()
  fs.rmSync(folder, { recursive: true, force: true })
}

/** Self time of the tab's main thread by function, the largest first. */
function printProfile(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map()
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id).callFrame
    const key = `${frame.functionName || '(anon)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  })
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)
  console.log(top.map(([key, ms]) => `  ${ms.toFixed(0).padStart(6)} ms ${key}`).join('\n'))
}
