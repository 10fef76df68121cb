// The product export in Chromium, end to end: log in, filter the product list by status "on sale"
// (or not at all), click Export and wait until the browser has written every file. Next to it, the
// reference: the same export pages fetched with fetch() in the same tab (same url, filters and page
// size), no xlsx. Rounds interleaved (BENCH_ROUNDS, default 3, the order alternating); each export's
// files are read back (the sheet inflated, its id column: every row once, in id order). Prints rows
// per second of both each round, the ratio's min / median / max (issue 21, target 4: ≥ 0.8), the
// tab's JS heap and its renderer process's memory (RSS, the deflate worker included) at their peak,
// and the load average.
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
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 3) || 3, 1), 10)
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
const loadBefore = loadAverage()

/** Ours: Export clicked, until the progress circle is gone; every file read back. */
async function exportOnce() {
  files.length = 0
  exportRequests.length = 0
  exporting = true
  const heapTimer = setInterval(() => void sampleHeap().then(sampleRss), 500)
  const started = performance.now()
  await page.getByRole('button', { name: zh.actions.export }).click()
  // Done when the progress circle is gone (about a second after the last file).
  await page.locator('.ant-progress-circle').first().waitFor({ state: 'visible', timeout: 30_000 })
  await page.locator('.ant-progress-circle').first().waitFor({ state: 'detached', timeout })
  const ms = performance.now() - started - 1000
  exporting = false
  clearInterval(heapTimer)
  await sampleHeap()
  await sampleRss()
  while (files.some((f) => f.size === 0)) await new Promise((r) => setTimeout(r, 100))
  // Every row once, in id order: the id column (A) of every file, in file order.
  let rows = 0
  let lastId = 0
  let ordered = true
  const partOf = (file) => Number(/-(\d+)\.xlsx$/.exec(file.name)?.[1] ?? 1)
  for (const file of [...files].sort((a, b) => partOf(a) - partOf(b))) {
    for (const match of sheetOf(file.path).matchAll(/<c r="A\d+"><v>(\d+)<\/v>/g)) {
      const id = Number(match[1])
      if (id <= lastId) ordered = false
      lastId = id
      rows += 1
    }
    fs.rmSync(file.path, { force: true })
  }
  const waits = exportRequests.filter((r) => r.done).map((r) => r.done - r.sent)
  const gaps = exportRequests.slice(1).map((r, i) => r.sent - exportRequests[i].done)
  return {
    ms,
    rows,
    ordered,
    files: files.map((f) => `${f.name} ${mb(f.size)}`).join(', '),
    requests: `${exportRequests.length} requests: answer after ${median(waits).toFixed(0)} ms (median), next asked ${median(gaps).toFixed(0)} ms after the previous answer (median; < 0: asked before it)`,
  }
}

/** The reference: the same pages by fetch(), keyset by max_id, nothing else done with the rows. */
const fetchOnce = () =>
  page.evaluate(async (first) => {
    const url = new URL(first)
    const started = performance.now()
    let rows = 0
    let maxId = 0
    url.searchParams.delete('max_id')
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

const rate = (rows, ms) => Math.round((rows / ms) * 1000)
const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`
const rates = { ours: [], reference: [] }
let wrong = false
for (let round = 1; round <= ROUNDS; round++) {
  // Ours first in odd rounds (the first gives the reference its url), the reference first in even ones.
  const order = round % 2 === 1 ? ['ours', 'reference'] : ['reference', 'ours']
  const line = []
  for (const side of order) {
    if (side === 'ours') {
      const result = await exportOnce()
      rates.ours.push(rate(result.rows, result.ms))
      if (result.rows === 0 || !result.ordered) wrong = true
      line.push(
        `ours ${rates.ours.at(-1)} rows/s (${result.rows} rows read back${result.ordered ? ', each once, in id order' : ', NOT IN ORDER'}; ${result.files}; ${result.requests})`,
      )
    } else {
      const result = await fetchOnce()
      rates.reference.push(rate(result.rows, result.ms))
      line.push(`reference ${rates.reference.at(-1)} rows/s (${result.rows} rows)`)
    }
  }
  console.log(`round ${round} (load ${loadAverage()}):\n  ${line.join('\n  ')}`)
}
await browser.close()
fs.rmSync(downloadDir, { recursive: true, force: true })

const ratios = rates.ours.map((ours, i) => ours / rates.reference[i])
const sorted = [...ratios].sort((a, b) => a - b)
console.log(`export pages: ${new URL(firstExportUrl).search}; workers started: ${workers} (one per file)`)
console.log(`rows/s   ours ${rates.ours.join(', ')}; fetch() only ${rates.reference.join(', ')}`)
console.log(
  `ratio    min ${sorted[0].toFixed(2)} / median ${median(sorted).toFixed(2)} / max ${sorted.at(-1).toFixed(2)} of the reference's speed (target ≥ 0.8)`,
)
console.log(`memory   tab JS heap peak ${mb(peakHeap)}, renderer RSS peak ${mb(peakRss)}`)
console.log(`load average: ${loadBefore} before, ${loadAverage()} after`)
if (wrong) process.exitCode = 1

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
