// The product export in Chromium, end to end: log in, filter the product list by status "on sale"
// (or not at all), click Export and wait until the browser has written every file. Next to it, the
// reference: the same export pages fetched with fetch() in the same tab (same url, filters and page
// size), no xlsx. Prints rows per second of both, their ratio, the files, the tab's JS heap at its
// peak and its renderer process's memory (RSS, the deflate worker included) at its peak; then reads
// every file back (the sheet inflated, its id column) and checks every row came once, in id order.
//
//   node bench/export-speed.mjs [base url]          default http://127.0.0.1:8080
//   BENCH_USER / BENCH_PASSWORD (default admin / the ADMIN_PASSWORD env)
//   BENCH_FILTER: status (default: products on sale) or none (every product)
//   BENCH_TIMEOUT_S (default 600): how long the export may take
//
// It needs products with status 1 (on sale) in the database, e.g. 100,000 of them (target 6 of
// issue 13: ≥ 20,000 rows/s end to end; a million rows, BENCH_FILTER=none, give ten files with the
// tab under 1 GB).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { chromium } from 'playwright-core'
import { root } from './support.mjs'

const base = process.argv[2] ?? 'http://127.0.0.1:8080'
const user = process.env.BENCH_USER ?? 'admin'
const password = process.env.BENCH_PASSWORD ?? process.env.ADMIN_PASSWORD ?? ''
const timeout = Number(process.env.BENCH_TIMEOUT_S ?? 600) * 1000
const filtered = (process.env.BENCH_FILTER ?? 'status') !== 'none'
const zh = JSON.parse(
  fs.readFileSync(path.join(root, 'packages/web/src/i18n/locales/zh-CN/front.json'), 'utf8'),
)

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
})
const context = await browser.newContext({ baseURL: base, locale: 'zh-CN', acceptDownloads: true })
const page = await context.newPage()
const cdp = await context.newCDPSession(page)
await cdp.send('Performance.enable')
let peakHeap = 0
const sampleHeap = async () => {
  const { metrics } = await cdp.send('Performance.getMetrics').catch(() => ({ metrics: [] }))
  const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0
  peakHeap = Math.max(peakHeap, used)
}

await page.goto('/open/login')
const form = page.locator('form#login')
await form.locator('#login_username').fill(user)
await form.locator('#login_password').fill(password)
await form.locator('button[type=submit]').click()
await page.waitForURL((url) => url.pathname !== '/open/login', { timeout: 20_000 })

await page.goto('/admin/products', { waitUntil: 'networkidle' })
const filters = page.locator('form#filters-products')
if (filtered) await filterOnSale()
async function filterOnSale() {
  await filters
    .getByText(zh.actions.more_filters)
    .click({ timeout: 60_000 })
    .catch(async (e) => {
      await page.screenshot({ path: '/tmp/web-perf-fail.png' })
      throw e
    })
  await filters.locator('#filters-products_status').click()
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', {
      hasText: zh.options.products.status.on_sale,
    })
    .click()
  const searched = page.waitForResponse(
    (r) => r.url().includes('/products/list') && r.url().includes('status'),
  )
  await filters.getByRole('button', { name: zh.actions.search }).click()
  await searched
  await page.waitForLoadState('networkidle')
}

let firstExportUrl = null
page.on('request', (request) => {
  if (!firstExportUrl && request.url().includes('/products/excel')) firstExportUrl = request.url()
})
// Each export request: when it was sent and when its answer had arrived (ms, the bench's clock).
const exportRequests = []
let exporting = true
page.on('request', (request) => {
  if (exporting && request.url().includes('/products/excel'))
    exportRequests.push({ sent: performance.now(), done: 0 })
})
page.on('requestfinished', (request) => {
  if (!request.url().includes('/products/excel')) return
  const open = exportRequests.find((r) => r.done === 0)
  if (open) open.done = performance.now()
})
// Workers the tab starts while exporting (the live deflate runs in one per file).
let workers = 0
page.on('worker', () => {
  workers += 1
})
const files = []
const downloadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'))
page.on('download', async (download) => {
  const file = { name: download.suggestedFilename(), size: 0, path: '' }
  files.push(file)
  const saved = path.join(downloadDir, `${files.length}-${file.name}`)
  await download.saveAs(saved)
  file.size = fs.statSync(saved).size
  file.path = saved
})
// The tab's renderer process (its worker runs in it too): resident memory, from /proc (Linux).
const browserCdp = await browser.newBrowserCDPSession()
let peakRss = 0
const sampleRss = async () => {
  const { processInfo } = await browserCdp
    .send('SystemInfo.getProcessInfo')
    .catch(() => ({ processInfo: [] }))
  let rss = 0
  for (const info of processInfo.filter((p) => p.type === 'renderer')) {
    const status = fs.existsSync(`/proc/${info.id}/status`)
      ? fs.readFileSync(`/proc/${info.id}/status`, 'utf8')
      : ''
    rss = Math.max(rss, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024)
  }
  peakRss = Math.max(peakRss, rss)
}
if (process.env.BENCH_PROFILE) {
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.start')
  setTimeout(async () => {
    const { profile } = await cdp.send('Profiler.stop')
    const byId = new Map(profile.nodes.map((n) => [n.id, n]))
    const self = new Map()
    profile.samples.forEach((id, i) => {
      const f = byId.get(id).callFrame
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
    })
    console.log(
      [...self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([k, v]) => `${v.toFixed(0)}ms ${k}`)
        .join('\n'),
    )
  }, 10_000)
}
const heapTimer = setInterval(() => void sampleHeap().then(sampleRss), 500)
const started = performance.now()
await page.getByRole('button', { name: zh.actions.export }).click()
// Done when the progress circle is gone (about a second after the last file).
await page.locator('.ant-progress-circle').first().waitFor({ state: 'visible', timeout: 30_000 })
await page.locator('.ant-progress-circle').first().waitFor({ state: 'detached', timeout })
const total = performance.now() - started - 1000
exporting = false
clearInterval(heapTimer)
await sampleHeap()
await sampleRss()
while (files.some((f) => f.size === 0)) await new Promise((r) => setTimeout(r, 100))

// The reference: the same pages by fetch(), keyset by max_id, nothing else done with the rows.
const reference = await page.evaluate(async (first) => {
  const url = new URL(first)
  const started = performance.now()
  let rows = 0
  let maxId = 0
  for (let pageNo = 1; ; pageNo++) {
    url.searchParams.set('page', String(pageNo))
    if (maxId) url.searchParams.set('max_id', String(maxId))
    const answer = await (await fetch(url, { headers: { Accept: 'application/json' } })).json()
    const data = answer.data?.data ?? answer.data ?? []
    rows += data.length
    maxId = answer.data?.max_id ?? answer.max_id ?? maxId
    const lastPage = answer.data?.last_page ?? answer.last_page
    if (data.length === 0 || pageNo >= lastPage) break
  }
  return { rows, ms: performance.now() - started }
}, firstExportUrl)
await browser.close()

const rate = (rows, ms) => Math.round((rows / ms) * 1000)
const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`
console.log(
  `export pages: ${new URL(firstExportUrl).search}   (load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
)
for (const f of files) console.log(`  file ${f.name} ${mb(f.size)}`)
console.log(`workers    ${workers} started (the sheet deflated as it is written, one per file)`)
console.log(
  `ours       ${reference.rows} rows in ${(total / 1000).toFixed(1)} s: ${rate(reference.rows, total)} rows/s (target ≥ 20,000)`,
)
console.log(
  `reference  ${reference.rows} rows in ${(reference.ms / 1000).toFixed(1)} s: ${rate(reference.rows, reference.ms)} rows/s (fetch() only)`,
)
console.log(
  `ratio      ${(reference.ms / total).toFixed(2)} of the reference's speed; tab JS heap peak ${mb(peakHeap)}, renderer RSS peak ${mb(peakRss)}`,
)
// Where the export's time went: waiting for answers, or the tab busy before asking for the next page.
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
const waits = exportRequests.filter((r) => r.done).map((r) => r.done - r.sent)
const gaps = exportRequests.slice(1).map((r, i) => r.sent - exportRequests[i].done)
console.log(
  `requests   ${exportRequests.length}: answer after ${median(waits).toFixed(0)} ms (median), next asked ${median(gaps).toFixed(0)} ms after the previous answer (median; < 0: asked before it)`,
)

/** The sheet of an xlsx as text: its zip entries walked by their local headers, the sheet inflated. */
function sheetOf(file) {
  const zip = fs.readFileSync(file)
  for (let at = 0; zip.readUInt32LE(at) === 0x04034b50; ) {
    const method = zip.readUInt16LE(at + 8)
    const stored = zip.readUInt32LE(at + 18)
    const nameLength = zip.readUInt16LE(at + 26)
    const start = at + 30 + nameLength + zip.readUInt16LE(at + 28)
    const name = zip.toString('utf8', at + 30, at + 30 + nameLength)
    const data = zip.subarray(start, start + stored)
    if (name === 'xl/worksheets/sheet1.xml')
      return (method === 8 ? zlib.inflateRawSync(data) : data).toString('utf8')
    at = start + stored
  }
  throw new Error(`${file}: no sheet`)
}
// Every row once, in id order: the id column (A) of every file, in file order.
let exported = 0
let lastId = 0
let ordered = true
const partOf = (file) => Number(/-(\d+)\.xlsx$/.exec(file.name)?.[1] ?? 1)
for (const file of [...files].sort((a, b) => partOf(a) - partOf(b))) {
  for (const match of sheetOf(file.path).matchAll(/<c r="A\d+"><v>(\d+)<\/v>/g)) {
    const id = Number(match[1])
    if (id <= lastId) ordered = false
    lastId = id
    exported += 1
  }
}
console.log(
  `read back  ${files.length} files, ${exported} rows ${exported === reference.rows && ordered ? 'each once, in id order' : `WRONG (ordered: ${ordered}, expected ${reference.rows})`}`,
)
fs.rmSync(downloadDir, { recursive: true, force: true })
if (exported !== reference.rows || !ordered) process.exitCode = 1
