// Two or more builds of ours side by side: a cold navigation to a list (a new context each time) on
// each build's own server, rounds interleaved and their order alternating, so the machine's load
// swings hit every build alike. Besides the first row it prints where the time went, from the page's
// Resource Timing: when the JS and CSS the page fetched before asking for its rows were in, when the
// list was asked for and answered; and the main thread's CPU time until the row (CDP ThreadTime,
// which moves less with the load than wall time).
//
//   BENCH_PASSWORD=… node bench/builds-cold.mjs http://127.0.0.1:PORT_A http://127.0.0.1:PORT_B
//   BENCH_ROUNDS (default 9), BENCH_PATH (default /admin/products), BENCH_PHONE=1 (390 px, CPU 4×)
//
// Each server needs the same data (SEED_DEMO=true) and the same admin password.
import { launchChromium, loadAverage, logIn, ROW, spread, watchRows } from './browser-support.mjs'

const bases = process.argv.slice(2)
if (bases.length < 2) throw new Error('Name two or more base URLs, one per build.')
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 9) || 9, 1), 99)
const PATH = process.env.BENCH_PATH ?? '/admin/products'
const PHONE = process.env.BENCH_PHONE === '1'
const VIEWPORT = PHONE
  ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 }
  : { viewport: { width: 1440, height: 900 } }

/** The marks of one load: first row, files in before the list was asked, list asked and answered. */
function readMarks() {
  const entries = performance.getEntriesByType('resource')
  const list = entries.find((entry) => entry.name.includes('/list?'))
  const files = entries.filter(
    (entry) =>
      /\.(js|css)$/.test(entry.name) && entry.startTime < (list?.startTime ?? Number.POSITIVE_INFINITY),
  )
  return {
    row: window.__firstRows.row,
    files: Math.max(...files.map((entry) => entry.responseEnd)),
    asked: list?.startTime ?? Number.NaN,
    answered: list?.responseEnd ?? Number.NaN,
  }
}

async function load(browser, base, session) {
  const context = await browser.newContext({
    baseURL: base,
    locale: 'zh-CN',
    storageState: session,
    ...VIEWPORT,
  })
  await context.addInitScript(watchRows, ROW)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  if (PHONE) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.goto(PATH)
  await page.waitForFunction(() => window.__firstRows.row !== undefined, undefined, { timeout: 60_000 })
  const marks = await page.evaluate(readMarks)
  const { metrics } = await cdp.send('Performance.getMetrics')
  marks.cpu = metrics.find((metric) => metric.name === 'ThreadTime').value * 1000
  await context.close()
  return marks
}

const sessions = []
for (const base of bases) sessions.push(await logIn(base))
const browsers = await Promise.all(bases.map(() => launchChromium()))
const runs = bases.map(() => [])
console.log(
  `${PATH}, cold, ${PHONE ? '390 px, CPU 4×' : '1440 px'}, ${ROUNDS} interleaved rounds; load average before ${loadAverage()}`,
)
for (let round = 0; round < ROUNDS; round++) {
  const order = bases.map((_, index) => index)
  if (round % 2 === 1) order.reverse()
  for (const index of order) runs[index].push(await load(browsers[index], bases[index], sessions[index]))
}
const LABELS = {
  row: 'first row',
  files: 'files in',
  asked: 'list asked',
  answered: 'list answered',
  cpu: 'main thread CPU',
}
const format = ({ min, median, max }) => `${min.toFixed(0)} / ${median.toFixed(0)} / ${max.toFixed(0)}`
console.log(`${'ms, min / median / max'.padEnd(24)} ${bases.map((base) => base.padEnd(26)).join(' ')}`)
for (const [key, label] of Object.entries(LABELS))
  console.log(
    `${label.padEnd(24)} ${runs.map((marks) => format(spread(marks.map((one) => one[key]))).padEnd(26)).join(' ')}`,
  )
console.log(`load average after ${loadAverage()}`)
await Promise.all(browsers.map((browser) => browser.close()))
