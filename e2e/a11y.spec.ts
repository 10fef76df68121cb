import AxeBuilder from '@axe-core/playwright'
import { deriveMenuRoutes, type MenuItem } from '@brokerdesk/shared'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, newContext, snapshotFailures } from './support/browser'
import { zh } from './support/identity'
import { E2E_ADMIN_PASSWORD } from './support/server'

/**
 * Accessibility: axe (WCAG 2.0/2.1 A and AA) on every page of the super administrator's menu, the
 * open and home pages, a create, an edit and a detail page, in the light and the dark theme. A
 * critical or serious violation fails the page's test with its rule and elements.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const THEMES = ['primary', 'dark'] as const
type Theme = (typeof THEMES)[number]

/** The administrator's session and what the pages need, asked for through the web API once. */
const api = await request.newContext({ baseURL: inject('baseUrl') })
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
const roleId = ((await role.json()) as { row: { id: number } }).row.id
const session = await api.storageState()
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

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  // The counts, for the record: rules and elements by impact and theme.
  for (const theme of THEMES) {
    for (const impact of ['critical', 'serious']) {
      const of = found.filter((one) => one.theme === theme && one.impact === impact)
      const rules = new Set(of.map((one) => one.rule))
      const elements = of.reduce((sum, one) => sum + one.targets.length, 0)
      console.info(
        `a11y ${theme} ${impact}: ${rules.size} rules [${[...rules].join(', ')}], ${elements} elements`,
      )
    }
  }
  await browser?.close()
})

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
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  const failures: string[] = []
  for (const violation of result.violations) {
    if (violation.impact !== 'critical' && violation.impact !== 'serious') continue
    const targets = violation.nodes.map((node) => node.target.join(' '))
    found.push({ theme, path, rule: violation.id, impact: violation.impact, targets })
    failures.push(`${violation.impact} ${violation.id} (${violation.help}): ${targets.join(' | ')}`)
  }
  if (failures.length) throw new Error(`${path} in the ${theme} theme:\n${failures.join('\n')}`)
}

describe.each(THEMES)('in the %s theme', (theme) => {
  let visitor: BrowserContext
  let admin: BrowserContext
  let visitorPage: Page
  let adminPage: Page
  snapshotFailures(() => [visitorPage, adminPage])

  beforeAll(async () => {
    ;[visitor, admin] = await Promise.all([
      newContext(browser, { reducedMotion: true }),
      newContext(browser, { reducedMotion: true }),
    ])
    await admin.addCookies(session.cookies)
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

/** Where the keyboard's focus is, and whether it shows (an outline of 2px or more). */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return null
    // An input inside a box (affixes, select, check box) rings the box.
    const ringed =
      element.closest(
        '.ant-input-affix-wrapper, .ant-select, .ant-picker, .ant-input-number, .ant-checkbox',
      ) ?? element
    const style = getComputedStyle(ringed)
    return {
      inMenu: element.closest('.ant-menu') !== null,
      inTable: element.closest('.ant-table') !== null,
      inDrawer: element.closest('.ant-drawer') !== null,
      skipLink: element.classList.contains('bd-skip-link'),
      label: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '',
      visible: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2,
    }
  })
}

describe('with the keyboard alone', () => {
  let context: BrowserContext
  let page: Page
  snapshotFailures(() => [page])

  beforeAll(async () => {
    context = await newContext(browser, { reducedMotion: true })
    await context.addCookies(session.cookies)
    await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'))
    page = await context.newPage()
  })
  afterAll(async () => {
    await context?.close()
  })

  it('reaches the skip link, the menu and the table by Tab, each with a visible focus ring', async () => {
    await page.goto('/admin/users')
    await page.locator('.ant-table-row').first().waitFor()
    const reached = { skipLink: false, menu: false, table: false }
    for (let step = 0; step < 80 && !reached.table; step++) {
      await page.keyboard.press('Tab')
      const now = await focused(page)
      if (!now) continue
      if (step === 0) expect(now.skipLink).toBe(true)
      expect(now.visible, `the focus on "${now.label}" shows`).toBe(true)
      reached.skipLink ||= now.skipLink
      reached.menu ||= now.inMenu
      reached.table ||= now.inTable
    }
    expect(reached).toEqual({ skipLink: true, menu: true, table: true })
  })

  it('keeps the focus inside a drawer and gives it back to its button when it closes', async () => {
    await page.goto('/admin/roles')
    // The role the spec made sits under the super administrator's: open that row of the tree.
    await page.locator('.ant-table-row-expand-icon').first().focus()
    await page.keyboard.press('Enter')
    const opener = page.locator(`button[aria-label="${zh.access.permissions} #${roleId}"]`)
    await opener.focus()
    await page.keyboard.press('Enter')
    const drawer = page.locator('.ant-drawer-body')
    await drawer.locator('.ant-tree').waitFor()
    for (let step = 0; step < 25; step++) {
      await page.keyboard.press('Tab')
      // Past the last field the focus may rest on the page itself, never on what is behind the drawer.
      const now = await focused(page)
      if (now) expect(now.inDrawer, `the focus on "${now.label}"`).toBe(true)
    }
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'detached' })
    await expect.poll(async () => (await focused(page))?.label).toBe(`${zh.access.permissions} #${roleId}`)
  })
})
