import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFirm } from './support/api'
import { axeFor } from './support/axe'
import { type AdminTab, openAdminTab, snapshotFailures } from './support/browser'
import { zh } from './support/identity'

const stamp = Date.now().toString(36).slice(-5)
const FIRM = `调色板保险${stamp}`

describe('the command palette', () => {
  let tab: AdminTab
  let page: Page
  snapshotFailures(() => [page])

  beforeAll(async () => {
    tab = await openAdminTab()
    page = tab.page
  })
  afterAll(() => tab?.close())

  const box = () => page.getByRole('combobox', { name: zh.palette.open })
  const active = () => page.locator('[role=option][aria-selected=true]')
  /** The name of what has the focus: the palette's box while it is open. */
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')

  it('opens a record by Ctrl+K, typing and Enter, and shows it first among the recent next time', async () => {
    const id = await createFirm(page, FIRM)
    await page.goto('/admin/index')
    await page.getByRole('button', { name: zh.palette.open }).waitFor()

    await page.keyboard.press('Control+k')
    await box().waitFor()
    expect(await focused()).toBe(zh.palette.open)
    await page.keyboard.type(stamp)
    await page.getByRole('option', { name: FIRM }).waitFor()
    await expect.poll(() => active().innerText()).toContain(FIRM)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === `/admin/firms/${id}`)
    await expect.poll(() => page.locator('#resource-firms_name').inputValue()).toBe(FIRM)
    expect(await box().count()).toBe(0)

    // Next time it is on top, before anything is typed; Ctrl+K again closes.
    await page.keyboard.press('Control+k')
    await page.getByRole('group', { name: zh.palette.recent }).waitFor()
    expect(await active().innerText()).toContain(FIRM)
    await page.keyboard.press('Control+k')
    await expect.poll(() => box().count()).toBe(0)
  })

  it("opens a page from the header's search box by the arrows and Enter; Esc gives the focus back", async () => {
    await page.goto('/admin/index')
    const trigger = page.getByRole('button', { name: zh.palette.open })
    await trigger.focus()
    await page.keyboard.press('Enter')
    await box().waitFor()
    await page.keyboard.type('日志')
    const pages = page.getByRole('group', { name: zh.palette.pages }).getByRole('option')
    await pages.first().waitFor()
    // Combobox, listbox, groups and options as axe (WCAG 2.1 AA) wants them.
    const axe = await axeFor(page)
      .include('.bd-palette')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    const serious = axe.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([])
    await page.keyboard.press('Escape')
    expect(await box().count()).toBe(0)
    expect(await focused()).toBe(zh.palette.open)

    await page.keyboard.press('Enter')
    await box().waitFor()
    await page.keyboard.type('日志')
    await pages.first().waitFor()
    const target = (await pages.allInnerTexts()).findIndex((name) => name.startsWith('日志统计'))
    expect(target).toBeGreaterThanOrEqual(0)
    for (let step = 0; step < target; step++) await page.keyboard.press('ArrowDown')
    await expect.poll(() => active().innerText()).toContain('日志统计')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/admin/log-counts')
  })
})
