// Prints the JavaScript and CSS a first visit to a page loads: each file and its gzip size.
// Usage: start the app (npm start), then: node bench/first-page-js.mjs [url]   (default http://localhost:8080/open/index)
// With BENCH_PASSWORD (and BENCH_USER, default admin) the visit is made logged in: the bench logs in
// on the url's /open/login first, then opens the url in a new context holding that session but an
// empty HTTP cache (e.g. the admin shell: node bench/first-page-js.mjs http://…/admin/index).
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'

const url = process.argv[2] ?? 'http://localhost:8080/open/index'
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
})
let storageState
if (process.env.BENCH_PASSWORD) {
  const login = await browser.newContext({ locale: 'zh-CN' })
  const page = await login.newPage()
  await page.goto(new URL('/open/login', url).href)
  const form = page.locator('form#login')
  await form.locator('#login_username').fill(process.env.BENCH_USER ?? 'admin')
  await form.locator('#login_password').fill(process.env.BENCH_PASSWORD)
  await form.locator('button[type=submit]').click()
  await page.waitForURL((next) => next.pathname !== '/open/login', { timeout: 20_000 })
  storageState = await login.storageState()
  await login.close()
}
const page = await (await browser.newContext({ locale: 'zh-CN', storageState })).newPage()
const scripts = []
const reading = []
page.on('response', (response) => {
  const type = response.request().resourceType()
  if (type !== 'script' && type !== 'stylesheet') return
  reading.push(read(response))
})
// Every body is read before the browser closes (a body still being read when it closes counts 0 bytes).
async function read(response) {
  const body = await response.body().catch(() => Buffer.alloc(0))
  scripts.push({
    file: new URL(response.url()).pathname,
    raw: body.length,
    gzip: gzipSync(body).length,
    sent: Number(response.headers()['content-length'] ?? body.length),
    encoding: response.headers()['content-encoding'] ?? 'none',
  })
}
await page.goto(url, { waitUntil: 'networkidle' })
await Promise.all(reading)
await browser.close()
scripts.sort((a, b) => b.gzip - a.gzip)
const kb = (n) => `${(n / 1024).toFixed(1)} kB`
for (const s of scripts)
  console.log(
    `${kb(s.gzip).padStart(9)} gzip ${kb(s.raw).padStart(9)} raw  ${s.encoding.padEnd(5)} ${s.file}`,
  )
const total = (key) => scripts.reduce((sum, s) => sum + s[key], 0)
console.log(
  `${kb(total('gzip')).padStart(9)} gzip ${kb(total('raw')).padStart(9)} raw  total of ${scripts.length} files for ${url}`,
)
console.log(
  `${kb(total('sent')).padStart(9)} as sent by the server (content-length, compressed where the server compresses)`,
)
