// Chromium for the browser benchmarks: Debian's build through playwright-core (nothing downloads a
// browser), a session logged in once, and small statistics.
import os from 'node:os'
import { chromium } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** A new browser process: each side of a comparison gets its own. */
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

/** Logs in on the base url's /open/login and answers the context's storage state (the session cookie). */
export async function logIn(base, user = process.env.BENCH_USER ?? 'admin', password = benchPassword()) {
  const browser = await launchChromium()
  const context = await browser.newContext({ baseURL: base, locale: 'zh-CN' })
  const page = await context.newPage()
  await page.goto('/open/login')
  const form = page.locator('form#login')
  await form.locator('#login_username').fill(user)
  await form.locator('#login_password').fill(password)
  await form.locator('button[type=submit]').click()
  await page.waitForURL((next) => next.pathname !== '/open/login', { timeout: 30_000 })
  const state = await context.storageState()
  await browser.close()
  return state
}

export function benchPassword() {
  const password = process.env.BENCH_PASSWORD ?? process.env.ADMIN_PASSWORD
  if (!password) throw new Error('Set BENCH_PASSWORD (the admin password of the server under test).')
  return password
}

/** min / median / max of a list of numbers. */
export function spread(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return { min: sorted[0], median: sorted[Math.floor((sorted.length - 1) / 2)], max: sorted.at(-1) }
}

export function loadAverage() {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ')
}

/** A row of a list page's table (ours and the reference page draw the same antd Table). */
export const ROW = '.ant-table-tbody tr.ant-table-row'

/**
 * An init script (`context.addInitScript(watchRows, ROW)`): marks in `window.__firstRows` the frame
 * after the first row is in the DOM (`row`) and the first click (`click`), in the page's own clock.
 */
export function watchRows(selector) {
  const marks = {}
  window.__firstRows = marks
  document.addEventListener('click', () => (marks.click ??= performance.now()), { capture: true })
  const seen = () => {
    if (marks.seen || !document.querySelector(selector)) return
    marks.seen = true
    requestAnimationFrame(() => (marks.row = performance.now()))
  }
  new MutationObserver(seen).observe(document, { subtree: true, childList: true })
}
