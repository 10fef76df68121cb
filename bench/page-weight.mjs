// The JavaScript and CSS a first visit (empty HTTP cache) loads on the pages of issue 21's weight
// targets: files and kB gzip of each, until the network is idle. The admin home is also counted
// before its charts (echarts and the chart component), which must start loading only after the
// first paint: the files asked for before the charts were; the line says when they started. What
// came after them (the menu's pages, preloaded once the home is idle) is counted on a line of its own.
//
//   BENCH_PASSWORD=… node bench/page-weight.mjs [base url]   (default http://127.0.0.1:8080)
//   BENCH_LIST=/admin/firms … another generic list than /admin/products
//
// Targets: a generic list ≤ 30 files and ≤ 300 kB; the admin home ≤ 300 kB before its charts; the
// site's home and the login page ≤ 250 kB. Beside them, the two reference pages
// (`node bench/reference-list/build.mjs`): the bare React + antd Table, and the same table inside
// the router, i18n and query libraries DESIGN.md names (the floor of any page of the SPA).
import { gzipSync } from 'node:zlib'
import { launchChromium, loadAverage, logIn } from './browser-support.mjs'

const base = process.argv[2] ?? 'http://127.0.0.1:8080'
const list = process.env.BENCH_LIST ?? '/admin/products'
const CHARTS = /\/assets\/(vendor-echarts|TrendChart)[-.]/
const PAGES = [
  { path: '/open/index', target: 250 },
  { path: '/open/login', target: 250 },
  { path: '/admin/index', target: 300, loggedIn: true, charts: true },
  { path: list, target: 300, files: 30, loggedIn: true },
  { path: '/reference-list/index.html', name: 'reference list', loggedIn: true },
  { path: '/reference-stack/index.html', name: 'reference + stack', loggedIn: true },
]

const session = await logIn(base)
const browser = await launchChromium()

async function visit({ path, loggedIn }) {
  const context = await browser.newContext({
    baseURL: base,
    locale: 'zh-CN',
    storageState: loggedIn ? session : undefined,
    viewport: { width: 1440, height: 900 },
  })
  const page = await context.newPage()
  const files = []
  const reading = []
  // The order the files were asked for: what came before the charts.
  const asked = new Map()
  page.on('request', (request) => asked.set(request, asked.size))
  page.on('response', (response) => {
    const type = response.request().resourceType()
    if (type !== 'script' && type !== 'stylesheet') return
    // Every body is read before the context closes (one still being read then counts 0 bytes).
    reading.push(
      response.body().then(
        (body) =>
          files.push({
            path: new URL(response.url()).pathname,
            gzip: gzipSync(body).length,
            order: asked.get(response.request()),
          }),
        () => undefined,
      ),
    )
  })
  await page.goto(path, { waitUntil: 'networkidle' })
  await Promise.all(reading)
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    charts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/(vendor-echarts|TrendChart)[-.]/.test(entry.name))
      .map((entry) => entry.startTime),
  }))
  await context.close()
  return { files, timing }
}

const kb = (bytes) => (bytes / 1024).toFixed(1)
console.log(`${base}, cold cache, zh-CN, 1440 px; load average ${loadAverage()}`)
console.log('page                 files      kB gzip   target')
for (const page of PAGES) {
  const { files, timing } = await visit(page)
  const sum = (list) => list.reduce((total, file) => total + file.gzip, 0)
  const target = page.target ? `≤ ${page.target} kB${page.files ? `, ≤ ${page.files} files` : ''}` : ''
  console.log(
    `${(page.name ?? page.path).padEnd(20)} ${String(files.length).padStart(5)} ${kb(sum(files)).padStart(12)}   ${target}`,
  )
  if (page.charts) {
    const charts = files.filter((file) => CHARTS.test(file.path))
    const first = Math.min(...charts.map((file) => file.order))
    const before = files.filter((file) => file.order < first)
    const after = files.filter((file) => file.order > first && !CHARTS.test(file.path))
    const start = timing.charts.length ? `${Math.min(...timing.charts).toFixed(0)} ms` : 'not loaded'
    console.log(
      `${'  before its charts'.padEnd(20)} ${String(before.length).padStart(5)} ${kb(sum(before)).padStart(12)}   (charts asked for at ${start}, first paint at ${timing.paint?.toFixed(0)} ms)`,
    )
    console.log(
      `${'  after its charts'.padEnd(20)} ${String(after.length).padStart(5)} ${kb(sum(after)).padStart(12)}   (the menu's pages, preloaded when idle)`,
    )
  }
  if (process.env.BENCH_FILES)
    for (const file of files.sort((a, b) => b.gzip - a.gzip))
      console.log(`   ${kb(file.gzip).padStart(8)}  ${file.path}`)
}
await browser.close()
