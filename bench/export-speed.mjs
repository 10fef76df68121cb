// The product export in Chromium, end to end: log in, filter the product list by status "on sale",
// click Export and wait until the browser has written every file. Next to it, the reference: the same
// export pages fetched with fetch() in the same tab (same url, filters and page size), no xlsx.
// Prints rows per second of both, their ratio, the files and the tab's JS heap at its peak.
//
//   node bench/export-speed.mjs [base url]          default http://127.0.0.1:8080
//   BENCH_USER / BENCH_PASSWORD (default admin / the ADMIN_PASSWORD env)
//   BENCH_TIMEOUT_S (default 600): how long the export may take
//
// It needs products with status 1 (on sale) in the database, e.g. 100,000 of them (target 6 of
// issue 13: ≥ 20,000 rows/s end to end; a million rows give ten files with the tab under 1 GB).
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { root } from './support.mjs'

const base = process.argv[2] ?? 'http://127.0.0.1:8080'
const user = process.env.BENCH_USER ?? 'admin'
const password = process.env.BENCH_PASSWORD ?? process.env.ADMIN_PASSWORD ?? ''
const timeout = Number(process.env.BENCH_TIMEOUT_S ?? 600) * 1000
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
const searched = page.waitForResponse((r) => r.url().includes('/products/list') && r.url().includes('status'))
await filters.getByRole('button', { name: zh.actions.search }).click()
await searched
await page.waitForLoadState('networkidle')

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
const files = []
page.on('download', async (download) => {
  const file = { name: download.suggestedFilename(), size: 0 }
  files.push(file)
  const saved = await download.path()
  file.size = fs.statSync(saved).size
})
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
const heapTimer = setInterval(() => void sampleHeap(), 500)
const started = performance.now()
await page.getByRole('button', { name: zh.actions.export }).click()
// Done when the progress circle is gone (about a second after the last file).
await page.locator('.ant-progress-circle').first().waitFor({ state: 'visible', timeout: 30_000 })
await page.locator('.ant-progress-circle').first().waitFor({ state: 'detached', timeout })
const total = performance.now() - started - 1000
exporting = false
clearInterval(heapTimer)
await sampleHeap()
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
console.log(`export pages: ${new URL(firstExportUrl).search}`)
for (const f of files) console.log(`  file ${f.name} ${mb(f.size)}`)
console.log(
  `ours       ${reference.rows} rows in ${(total / 1000).toFixed(1)} s: ${rate(reference.rows, total)} rows/s (target ≥ 20,000)`,
)
console.log(
  `reference  ${reference.rows} rows in ${(reference.ms / 1000).toFixed(1)} s: ${rate(reference.rows, reference.ms)} rows/s (fetch() only)`,
)
console.log(
  `ratio      ${(reference.ms / total).toFixed(2)} of the reference's speed; tab JS heap peak ${mb(peakHeap)}`,
)
// Where the export's time went: waiting for answers, or the tab busy before asking for the next page.
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
const waits = exportRequests.filter((r) => r.done).map((r) => r.done - r.sent)
const gaps = exportRequests.slice(1).map((r, i) => r.sent - exportRequests[i].done)
console.log(
  `requests   ${exportRequests.length}: answer after ${median(waits).toFixed(0)} ms (median), next asked ${median(gaps).toFixed(0)} ms after the previous answer (median; < 0: asked before it)`,
)
