import { deriveMenuRoutes, type MenuItem } from '@brokerdesk/shared'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeFor } from './axe'
import { launchBrowser, loggedInContext, newContext, snapshotFailures } from './browser'
import { E2E_ADMIN_PASSWORD } from './server'
import { sharedServer } from './shared-server'

/**
 * Accessibility: axe (WCAG 2.0/2.1 A and AA) on every page of the super administrator's menu, the
 * open and home pages, a create, an edit and a detail page, in the light and the dark theme (a spec
 * file each, so that two workers share the work; the dark theme by the colour rules, the back office's
 * menu and header on its home page only: see COLOUR_RULES and CHROME). A critical or serious violation
 * fails the page's test with its rule and elements.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
/**
 * What the dark theme changes is colour alone (antd's dark algorithm and the app's colour variables),
 * so its pages are checked by the rules about colour; the light theme's check runs every rule.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']
/**
 * The back office's menu and header, the same on every page: axe checks them on the admin home and
 * leaves them out elsewhere (they were a third of its work on a short page).
 */
const CHROME = ['.bd-admin__sider', '.bd-admin__header']
const CHROME_CHECKED_ON = '/admin/index'
export const THEMES = ['primary', 'dark'] as const
export type Theme = (typeof THEMES)[number]

/** What the pages need, asked for through the web API once, as the administrator. */
const api = await request.newContext({ baseURL: sharedServer().baseUrl })
const csrf = (await (await api.get('/web-api/open/token')).json())._token as string
const login = await api.post('/web-api/open/login', {
  data: { username: 'admin', password: E2E_ADMIN_PASSWORD },
  headers: { 'X-CSRF-TOKEN': csrf },
})
if (!login.ok()) throw new Error(`could not log in as admin: ${login.status()} ${await login.text()}`)
const menus = ((await (await api.get('/web-api/open/menu')).json()) as { menus: MenuItem[] }).menus
const firstId = async (resource: string) => {
  const answer = (await (await api.get(`/web-api/admin/${resource}/list`)).json()) as {
    data: { id: number }[]
  }
  const id = answer.data[0]?.id
  if (id === undefined) throw new Error(`no ${resource} record to open`)
  return id
}
// A role other than the super administrator's, whose permissions drawer the keyboard test opens.
const loggedInCsrf = (await (await api.get('/web-api/open/token')).json())._token as string
const role = await api.post('/web-api/admin/roles', {
  data: { name: `无障碍${Date.now().toString(36).slice(-5)}`, parent_id: 1 },
  headers: { 'X-CSRF-TOKEN': loggedInCsrf },
})
if (role.status() !== 201) throw new Error(`could not create a role: ${role.status()} ${await role.text()}`)
export const roleId = ((await role.json()) as { row: { id: number } }).row.id
const [logId, bankId, configId] = await Promise.all([firstId('logs'), firstId('banks'), firstId('configs')])
await api.dispose()

/** Every page of the admin menu: each list and page route (edit routes need a record: below). */
const menuPages = deriveMenuRoutes(menus, 'admin', 'testing')
  .filter((route) => route.kind !== 'edit' && route.path !== '')
  .map((route) => `/admin/${route.path}`)
const loggedInPages = [
  ...menuPages,
  '/admin/firms/create',
  '/admin/users/create',
  `/admin/banks/${bankId}`,
  `/admin/configs/${configId}`,
  '/admin/admins/1',
  `/admin/logs/${logId}`,
  '/home/index',
  '/home/messages',
  '/home/personage/index',
  '/home/personage/password',
  '/home/apps',
]
const openPages = [
  '/open/index',
  '/open/login',
  '/open/register',
  '/open/password',
  '/open/contact',
  '/open/markdown?key=about',
]

interface Found {
  theme: Theme
  path: string
  rule: string
  impact: string
  targets: string[]
}
const found: Found[] = []

/**
 * Opens `path` as the app moves between its pages: the first time by loading it, then inside the
 * running app (a history entry the router follows, as the back button does), waiting for the new
 * page's heading — the old one is marked, and a page is mounted afresh.
 */
async function open(page: Page, path: string): Promise<void> {
  const here = page.url()
  if (!here.startsWith('http')) {
    await page.goto(path)
    await page.locator('h1').first().waitFor()
    return
  }
  const now = new URL(here)
  if (`${now.pathname}${now.search}` === path) return
  await page.evaluate((to) => {
    document.querySelectorAll('h1').forEach((heading) => {
      heading.setAttribute('data-a11y-left', '')
    })
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await page.locator('h1:not([data-a11y-left])').first().waitFor()
}

/** Opens `path`, waits for its heading and until nothing loads any more, and runs axe on it. */
async function check(page: Page, theme: Theme, path: string): Promise<void> {
  await open(page, path)
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton, .bd-loading'))
  const axe = axeFor(page)
  if (theme === 'dark') axe.withRules(COLOUR_RULES)
  else axe.withTags(TAGS)
  if (path !== CHROME_CHECKED_ON) for (const selector of CHROME) axe.exclude(selector)
  const result = await axe.analyze()
  const failures: string[] = []
  for (const violation of result.violations) {
    if (violation.impact !== 'critical' && violation.impact !== 'serious') continue
    const targets = violation.nodes.map((node) => node.target.join(' '))
    found.push({ theme, path, rule: violation.id, impact: violation.impact, targets })
    failures.push(`${violation.impact} ${violation.id} (${violation.help}): ${targets.join(' | ')}`)
  }
  if (failures.length) throw new Error(`${path} in the ${theme} theme:\n${failures.join('\n')}`)
}

/**
 * The tests of one theme: every open page as a visitor and every logged-in page as the administrator,
 * in a browser of their own; the counts of what axe found are told at the end, for the record.
 */
export function describeTheme(theme: Theme): void {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    for (const impact of ['critical', 'serious']) {
      const of = found.filter((one) => one.theme === theme && one.impact === impact)
      const rules = new Set(of.map((one) => one.rule))
      const elements = of.reduce((sum, one) => sum + one.targets.length, 0)
      console.info(
        `a11y ${theme} ${impact}: ${rules.size} rules [${[...rules].join(', ')}], ${elements} elements`,
      )
    }
    await browser?.close()
  })

  describe(`in the ${theme} theme`, () => {
    let visitor: BrowserContext
    let admin: BrowserContext
    let visitorPage: Page
    let adminPage: Page
    snapshotFailures(() => [visitorPage, adminPage])

    beforeAll(async () => {
      // The administrator's session as the worker keeps it (checked: a login elsewhere may have ended one
      // made when this module was first imported, by another spec file of the worker).
      ;[visitor, admin] = await Promise.all([newContext(browser), loggedInContext(browser)])
      // The theme as the app keeps it (the theme switch's choice in localStorage), before the app starts.
      for (const context of [visitor, admin]) {
        await context.addInitScript((chosen) => window.localStorage.setItem('theme', chosen), theme)
      }
      ;[visitorPage, adminPage] = await Promise.all([visitor.newPage(), admin.newPage()])
    })
    afterAll(async () => {
      await Promise.all([visitor?.close(), admin?.close()])
    })

    it.each(openPages)('%s has no critical or serious violation', async (path) => {
      await check(visitorPage, theme, path)
    })

    it.each(loggedInPages)('%s has no critical or serious violation', async (path) => {
      await check(adminPage, theme, path)
      // The page itself, not the login page or a 403 in its place.
      // (a list may add its default filters to the address)
      expect(new URL(adminPage.url()).pathname).toBe(new URL(path, adminPage.url()).pathname)
    })
  })
}
