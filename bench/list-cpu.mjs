// The main thread's CPU time until a list's first row, ours (/admin/products) beside the reference page
// (bench/reference-list/: a bare React + antd Table on the same list API), in Chromium. Wall-clock
// times swing with the machine's load (a first row 1.7 s or 2.4 s in two runs a minute apart at load
// 11); the renderer main thread's own CPU time (CDP Performance.getMetrics `ThreadTime`) moves far
// less, so this bench says how much work each side does where bench/first-rows.mjs says how long it
// takes. Each load is a new context (warm: the page loaded once in it before, so files come from the
// cache and ours asks its start-up requests ahead); the two sides run in two browsers, rounds
// interleaved, the order alternating.
//
//   npm run build && node bench/reference-list/build.mjs
//   WEB_DIST=bench/results/web-dist PORT=… SEED_DEMO=true node packages/server/dist/main.js
//   BENCH_PASSWORD=… node bench/list-cpu.mjs http://127.0.0.1:PORT
//   BENCH_ROUNDS (default 6), BENCH_COLD=1 (an empty cache instead of a warm one)
//
// `ThreadTime` is read when the first row is in the page (Playwright's wait, a frame or two later):
// work the page does right after its rows is partly counted, on both sides.
import { launchChromium, loadAverage, logIn, spread } from './browser-support.mjs'

const base = process.argv[2] ?? 'http://127.0.0.1:8080'
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 6) || 6, 2), 50)
const COLD = process.env.BENCH_COLD === '1'
const ROW = '.ant-table-tbody tr.ant-table-row'
const SIDES = [
  { name: 'ours', path: '/admin/products' },
  { name: 'reference', path: '/reference-list/index.html' },
]
/** Metrics of Performance.getMetrics, in ms where they are durations. */
const METRICS = [
  ['ThreadTime', 'main thread CPU'],
  ['ScriptDuration', 'script (wall)'],
  ['RecalcStyleDuration', 'style (wall)'],
  ['LayoutDuration', 'layout (wall)'],
  ['TaskDuration', 'tasks (wall)'],
]

const session = await logIn(base)
const browsers = Object.fromEntries(
  await Promise.all(SIDES.map(async (side) => [side.name, await launchChromium()])),
)

async function measure(side) {
  const context = await browsers[side.name].newContext({
    baseURL: base,
    locale: 'zh-CN',
    storageState: session,
    viewport: { width: 1440, height: 900 },
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  if (!COLD) {
    await page.goto(side.path, { waitUntil: 'networkidle' })
    await page.locator(ROW).first().waitFor({ timeout: 60_000 })
  }
  // The metrics start again with each document: read after the navigation, they are this load's.
  await page.goto(side.path)
  await page.locator(ROW).first().waitFor({ timeout: 60_000 })
  const { metrics } = await cdp.send('Performance.getMetrics')
  await context.close()
  const of = Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]))
  return Object.fromEntries(METRICS.map(([name]) => [name, of[name] * 1000]))
}

console.log(
  `${base}: main thread until the first row, ${COLD ? 'cold' : 'warm'} cache, 1440 px, ${ROUNDS} interleaved rounds; load average before ${loadAverage()}`,
)
const results = Object.fromEntries(SIDES.map((side) => [side.name, []]))
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? SIDES : [...SIDES].reverse()
  for (const side of order) results[side.name].push(await measure(side))
}
const format = ({ min, median, max }) => `${min.toFixed(0)} / ${median.toFixed(0)} / ${max.toFixed(0)}`
console.log(
  `${'metric, ms'.padEnd(22)} ${'ours min/median/max'.padEnd(22)} ${'reference'.padEnd(20)} ratio (medians)`,
)
for (const [name, label] of METRICS) {
  const ours = spread(results.ours.map((one) => one[name]))
  const reference = spread(results.reference.map((one) => one[name]))
  console.log(
    `${label.padEnd(22)} ${format(ours).padEnd(22)} ${format(reference).padEnd(20)} ${(ours.median / reference.median).toFixed(2)}×`,
  )
}
console.log(`load average after ${loadAverage()}`)
await Promise.all(Object.values(browsers).map((browser) => browser.close()))
