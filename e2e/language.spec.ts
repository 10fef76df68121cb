import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { callApi } from './support/api'
import { launchBrowser, loggedInContext, snapshotFailures } from './support/browser'
import { zh, zhMenu } from './support/identity'
import { type RunningServer, startServer } from './support/server'

const stamp = Date.now().toString(36).slice(-5)
const PHONE = `400-${stamp}`
/** The settings menu item (the log names an edit of a setting by it). */
const SETTINGS_MENU = 49

let server: RunningServer
let browser: Browser
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** The texts of one column of the list's table, found by its header. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const table = page.locator('.ant-table').first()
  await table.locator('tbody tr.ant-table-row').first().waitFor()
  const headers = await table.locator('thead th').allInnerTexts()
  const index = headers.findIndex((text) => text.trim() === header)
  expect(index, `${header} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0)
  return table.locator(`tbody tr.ant-table-row > td:nth-child(${index + 1})`).allInnerTexts()
}

describe("seeded rows in the reader's language", () => {
  let context: BrowserContext
  let page: Page
  snapshotFailures(() => [page])

  beforeEach(async () => {
    context = await loggedInContext(browser, { baseURL: server.baseUrl })
    page = await context.newPage()
  })
  afterEach(() => context?.close())

  /**
   * Edits a seeded setting through the form's values as shown (in Chinese): it stays a seeded one.
   * Answers its id.
   */
  async function editSeededSetting(): Promise<unknown> {
    const found = await callApi<{ data: Array<Record<string, unknown>> }>(
      page,
      'GET',
      '/admin/configs/list?keyword=contact_phone',
    )
    const setting = found.body.data[0]
    expect(setting.name).toBe('联系电话')
    const saved = await callApi(page, 'PUT', `/admin/configs/${setting.id}`, {
      name: setting.name,
      value: PHONE,
    })
    expect(saved.status).toBe(200)
    return setting.id
  }

  it('reads the roles and the settings in Chinese, with no English left', async () => {
    await editSeededSetting()
    await page.goto('/admin/roles')
    const role = page.getByRole('row').filter({ hasText: '超级管理员' })
    await role.waitFor()
    const roleText = (await role.getByRole('cell').allInnerTexts()).join(' ')
    expect(roleText).toContain('拥有全部权限')
    expect(roleText).not.toMatch(/[A-Za-z]/)

    await page.goto('/admin/configs')
    const names = await columnTexts(page, zh.labels.configs.name)
    expect(names).toContain('地图服务商')
    for (const name of names) expect(name).not.toMatch(/[A-Za-z]/)
  })

  it('reads the edit of a seeded setting in the operation log in Chinese', async () => {
    const settingId = await editSeededSetting()
    await page.goto('/admin/logs')
    const entry = page
      .getByRole('row')
      .filter({ hasText: `/admin/configs/${settingId}` })
      .first()
    await entry.waitFor()
    const cells = await entry.getByRole('cell').allInnerTexts()
    expect(cells).toContain(`${zhMenu(SETTINGS_MENU)} · ${zh.options.menus.only.update}`)
    expect(cells).toContain('管理员')
  })

  it('reads the operation log in English after switching the language, the edited setting still seeded', async () => {
    const settingId = await editSeededSetting()
    await page.goto('/admin/logs')
    await page
      .getByRole('row')
      .filter({ hasText: `/admin/configs/${settingId}` })
      .first()
      .waitFor()
    await page.getByRole('button', { name: zh.language.label }).click()
    await page.getByRole('menuitem', { name: 'English' }).click()
    const entry = page.getByRole('row').filter({ hasText: '/admin/configs/' }).first()
    await expect
      .poll(async () => entry.getByRole('cell').allInnerTexts(), { timeout: 10_000 })
      .toContain('System settings · Edit')
    expect(await entry.getByRole('cell').allInnerTexts()).toContain('Administrator')
  })

  it('reads the settings and the roles in English, in a profile that chose it', async () => {
    await editSeededSetting()
    // The cookie the language menu sets (the test above switches through the menu).
    await context.addCookies([{ name: 'Language', value: 'en', url: server.baseUrl }])
    await page.goto('/admin/configs')
    const names = await columnTexts(page, 'Name')
    expect(names).toContain('Map provider')
    expect(names).toContain('AMap server key')

    await page.goto('/admin/roles')
    await page.getByRole('row').filter({ hasText: 'Super administrator' }).waitFor()
    expect(await page.getByRole('row').filter({ hasText: 'Holds every permission' }).count()).toBe(1)
  })
})
