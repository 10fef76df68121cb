import fs from 'node:fs'
import path from 'node:path'
import { type Browser, type BrowserContext, type Cookie, chromium, type Page } from 'playwright-core'
import { beforeEach } from 'vitest'
import { logInThroughApi } from './api'
import { E2E_ADMIN_PASSWORD } from './server'
import { sharedServer } from './shared-server'

/**
 * Debian's headless shell (package chromium-headless-shell: the same Blink and V8 as chromium, without
 * the browser's windows), else chromium itself. The shell opens a tab for a fifth to a quarter of
 * the browser process's time (a new tab 30 ms of its CPU against 160–210 ms, a cold list 90 against
 * 380): the suite's flows, which open hundreds of fresh profiles, spend that time in every test.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ??
  '/usr/bin/chromium-headless-shell'
const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots')

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}: run "apt-get install -y chromium-headless-shell" (or set CHROMIUM_PATH).`,
    )
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

/**
 * A fresh browser profile (cookies, storage) pointed at the server under test. `headers` go with every
 * request, e.g. X-Forwarded-For to act as a visitor from another address (the server trusts the proxy).
 */
export function newContext(
  browser: Browser,
  options: {
    locale?: string
    headers?: Record<string, string>
    viewport?: { width: number; height: number }
    /** Another server than the shared one (a spec that starts its own). */
    baseURL?: string
    /**
     * Whether the profile asks for reduced motion, so the app turns antd's animations off: yes unless a
     * test sets false (a flow waits for no transition, and the browser draws fewer frames).
     */
    reducedMotion?: boolean
  } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: options.baseURL ?? sharedServer().baseUrl,
    locale: options.locale ?? 'zh-CN',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    extraHTTPHeaders: options.headers,
    reducedMotion: options.reducedMotion === false ? 'no-preference' : 'reduce',
  })
}

/** Whether the flows keep pictures of their pages (`E2E_SCREENSHOTS=1`); a failed test's are always kept. */
const KEEP_PICTURES = process.env.E2E_SCREENSHOTS === '1'

/**
 * Keeps a picture of the page for people to look at (e2e/screenshots, not committed) when asked by
 * `E2E_SCREENSHOTS=1`: a full-page picture costs the browser a second or more on a busy machine.
 */
export async function snapshot(page: Page, name: string): Promise<void> {
  if (KEEP_PICTURES) await takePicture(page, name)
}

async function takePicture(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true })
  // Sticky headers land mid-page in a full-page picture of a scrolled page.
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

/** Keeps a picture of each page of `pages()` when a test of the calling suite fails. */
export function snapshotFailures(pages: () => (Page | undefined)[]): void {
  beforeEach((context) => {
    context.onTestFailed(async () => {
      const name = context.task.name.replace(/[^\w]+/g, '-').slice(0, 60)
      for (const [index, page] of pages().entries()) {
        if (page && !page.isClosed())
          await takePicture(page, `failed-${name}-${index}`).catch(() => undefined)
      }
    })
  })
}

type ContextOptions = Parameters<typeof newContext>[1]

/**
 * A fresh browser profile logged in through the web API, as the administrator unless `as` says whom:
 * each test that is not about the login page starts from one of its own.
 */
export async function loggedInContext(
  browser: Browser,
  options: ContextOptions & { as?: { username: string; password: string } } = {},
): Promise<BrowserContext> {
  const { as, ...contextOptions } = options
  const context = await newContext(browser, contextOptions)
  const sharedAdmin = as === undefined && !contextOptions.baseURL && !contextOptions.headers
  if (sharedAdmin && (await reuseAdminSession(context))) return context
  await logInThroughApi(context, as?.username ?? 'admin', as?.password ?? E2E_ADMIN_PASSWORD)
  if (sharedAdmin) adminSession = await context.cookies()
  return context
}

/**
 * The administrator's session on the worker's shared server: a login (an argon2 hash, a session and
 * its log entry: 0.2–0.5 s on a busy machine) once, its cookies then given to each new profile that
 * asks for the administrator. A profile still starts empty but for them (no storage, no cache).
 */
let adminSession: Cookie[] | undefined

/** Gives the profile the kept session, if the server still holds it (a login elsewhere ends it). */
async function reuseAdminSession(context: BrowserContext): Promise<boolean> {
  if (!adminSession) return false
  await context.addCookies(adminSession)
  const answer = await context.request.get('/web-api/open/user')
  const body = (await answer.json().catch(() => null)) as { user?: { id?: number } } | null
  if (answer.ok() && body?.user?.id !== undefined) return true
  adminSession = undefined
  await context.clearCookies()
  return false
}

/** A browser of its own with one blank tab logged in as the administrator, and how to close it. */
export interface AdminTab {
  browser: Browser
  context: BrowserContext
  page: Page
  close(): Promise<void>
}

/** Launches a browser and logs the administrator in in a fresh profile (a spec's set-up). */
export async function openAdminTab(): Promise<AdminTab> {
  const browser = await launchBrowser()
  const context = await loggedInContext(browser)
  const page = await context.newPage()
  return { browser, context, page, close: () => browser.close() }
}
