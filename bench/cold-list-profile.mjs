// Where a cold list page's time goes: a Chromium CPU profile (CDP) and the network waterfall of a
// first visit to a list (empty HTTP cache, logged in), from navigation to the first row painted.
//
//   BENCH_PASSWORD=… node bench/cold-list-profile.mjs [base url] [list path]
//     default http://127.0.0.1:8080 and /admin/products. Run it against a build made without
//     minifying (`npx vite build --minify false --outDir …`, served with WEB_DIST) to read the names.
//   BENCH_WARM=1 profiles a second load in the same tab (files cached, the start-up requests kept).
//   BENCH_SAVE=file.cpuprofile keeps the profile (opens in Chromium's DevTools, Performance panel).
//
// Prints: the main thread's busy time by script file and by function (self time), the time inside
// antd's style engine (style registration, serialisation, hashing: inclusive, each sample once), and
// every JS/CSS/API request with its start and end after navigation, so waterfalls of lazy imports show.
import fs from 'node:fs'
import { launchChromium, loadAverage, logIn } from './browser-support.mjs'

const base = process.argv[2] ?? 'http://127.0.0.1:8080'
const listPath = process.argv[3] ?? '/admin/products'
const storageState = await logIn(base)
const browser = await launchChromium()
const context = await browser.newContext({
  baseURL: base,
  locale: 'zh-CN',
  storageState,
  viewport: { width: 1440, height: 900 },
})
const page = await context.newPage()
const cdp = await context.newCDPSession(page)
// BENCH_WARM=1: the page was loaded once in this tab before (its files cached, its start-up kept).
const warm = process.env.BENCH_WARM === '1'
if (warm) {
  await page.goto(listPath, { waitUntil: 'networkidle' })
  await page
    .locator('.ant-table-tbody tr.ant-table-row')
    .first()
    .waitFor({ state: 'visible', timeout: 60_000 })
}
await cdp.send('Profiler.enable')
await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
await cdp.send('Profiler.start')
await page.goto(listPath)
await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ state: 'visible', timeout: 60_000 })
const firstRow = await page.evaluate(() => performance.now())
const { profile } = await cdp.send('Profiler.stop')
const requests = await page.evaluate(() =>
  performance
    .getEntriesByType('resource')
    .map((e) => ({ path: e.name.replace(location.origin, ''), start: e.startTime, end: e.responseEnd })),
)
const nav = await page.evaluate(() => {
  const [entry] = performance.getEntriesByType('navigation')
  return { html: entry.responseEnd, dcl: entry.domContentLoadedEventEnd }
})
await browser.close()
if (process.env.BENCH_SAVE) fs.writeFileSync(process.env.BENCH_SAVE, JSON.stringify(profile))

// Self time of every profile node, from the samples and their time deltas.
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const parent = new Map()
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
const self = new Map()
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
})

const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms)
const byFile = new Map()
const byFunction = new Map()
let busy = 0
for (const [id, ms] of self) {
  const { functionName, url, lineNumber } = byId.get(id).callFrame
  if (functionName === '(idle)') continue
  busy += ms
  const file = url ? new URL(url).pathname.replace(/-[\w-]{8}\.js$/, '.js') : functionName
  add(byFile, file, ms)
  add(byFunction, `${functionName || '(anonymous)'}  ${file}:${lineNumber + 1}`, ms)
}
// antd's CSS-in-JS: time under these functions (inclusive, a sample counted once however deep).
const STYLE_ENGINE =
  /^(useStyleRegister|genStyleHooks|genComponentStyleHook|useCSSVarRegister|useCacheToken|parseStyle|serialize|compile|flattenToken|hash|murmur2|normalizeStyle|updateCSS|injectCSS)$/
const inStyleEngine = (id) => {
  for (let at = id; at !== undefined; at = parent.get(at))
    if (STYLE_ENGINE.test(byId.get(at).callFrame.functionName)) return true
  return false
}
let styleMs = 0
for (const [id, ms] of self) if (inStyleEngine(id)) styleMs += ms

const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n)
const ms = (n) => `${n.toFixed(0).padStart(6)} ms`
console.log(`${base}${listPath}, ${warm ? 'warm' : 'cold'} cache, 1440 px; load average ${loadAverage()}`)
console.log(
  `html ${nav.html.toFixed(0)} ms, DOMContentLoaded ${nav.dcl.toFixed(0)} ms, first row ${firstRow.toFixed(0)} ms after navigation`,
)
console.log(`main thread busy ${busy.toFixed(0)} ms, of which antd's style engine ${styleMs.toFixed(0)} ms`)
console.log('\nbusy by file:')
for (const [file, t] of top(byFile, 15)) console.log(`${ms(t)}  ${file}`)
console.log('\nbusy by function (self):')
for (const [name, t] of top(byFunction, 25)) console.log(`${ms(t)}  ${name.slice(0, 110)}`)
const scripts = requests.filter((r) => /\.(js|css)$/.test(r.path))
console.log(
  `\n${scripts.length} JS/CSS files, ${requests.length - scripts.length} other requests; start → end after navigation:`,
)
for (const r of requests.sort((a, b) => a.start - b.start)) {
  const bar = `${' '.repeat(Math.round(r.start / 40))}${'█'.repeat(Math.max(1, Math.round((r.end - r.start) / 40)))}`
  console.log(
    `${r.start.toFixed(0).padStart(6)} → ${r.end.toFixed(0).padStart(6)}  ${r.path.slice(0, 60).padEnd(60)} ${bar}`,
  )
}
