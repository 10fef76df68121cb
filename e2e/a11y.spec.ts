import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeTheme, roleId } from './support/a11y'
import { launchBrowser, loggedInContext, snapshotFailures } from './support/browser'
import { zh } from './support/identity'

/** Accessibility in the light theme (support/a11y), and with the keyboard alone. */
describeTheme('primary')

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

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
      inMenu: element.closest('.bd-admin__menu') !== null,
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
    context = await loggedInContext(browser)
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
