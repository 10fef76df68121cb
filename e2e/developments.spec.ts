import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { callApi } from './support/api'
import { launchBrowser, loggedInContext, snapshot, snapshotFailures } from './support/browser'
import { zh, zhMenu } from './support/identity'
import { type RunningServer, startServer } from './support/server'

const texts = zh.developments
/** Each suite starts a server of its own on a fresh database (the seed takes a while on a busy machine). */
const SERVER_START_MS = 120_000

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/**
 * A profile logged in as the super administrator on a server of its own, with a blank tab: each test
 * loads the page it starts on (the console, or its plug-ins tab) once.
 */
async function openConsole(server: RunningServer): Promise<{ context: BrowserContext; page: Page }> {
  const context = await loggedInContext(browser, { baseURL: server.baseUrl })
  const page = await context.newPage()
  return { context, page }
}

const CONSOLE = '/admin/developments/index'
const PLUGINS = '/admin/developments/index?tab=plugins'

/** A plug-in as the console's list answers it. */
type PluginState = { name: string; installed_version: string | null; data_kept: boolean }

/** The notices plug-in as the console's list answers it (through the API). */
async function noticesState(page: Page): Promise<PluginState> {
  const list = await callApi<{ plugins: PluginState[] }>(page, 'GET', '/admin/developments/plugins')
  const notices = list.body.plugins.find((plugin) => plugin.name === 'notices')
  if (!notices) throw new Error('the notices plug-in is not found')
  return notices
}

/** The notices plug-in installed or not, as a test needs it to start (through the API). */
async function noticesPlugin(page: Page, installed: boolean): Promise<void> {
  const notices = await noticesState(page)
  const now = notices.installed_version !== null
  if (installed && !now) {
    expect((await callApi(page, 'POST', '/admin/developments/plugins', { name: 'notices' })).status).toBe(200)
  } else if (!installed && (now || notices.data_kept)) {
    const dropped = await callApi(page, 'DELETE', '/admin/developments/plugins', {
      name: 'notices',
      drop_data: true,
    })
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200)
  }
}

describe('the developer console on a local server', () => {
  let local: RunningServer
  let context: BrowserContext
  let page: Page
  snapshotFailures(() => [page])

  beforeAll(async () => {
    local = await startServer({ APP_ENV: 'local' })
  }, SERVER_START_MS)
  beforeEach(async () => {
    ;({ context, page } = await openConsole(local))
  })
  afterEach(() => context?.close())
  afterAll(() => local?.stop())

  it('runs the migrate command and shows its output', async () => {
    await page.goto(CONSOLE)
    await page.getByRole('button', { name: texts.commands.run }).click()
    await page.locator('.ant-popconfirm .ant-btn-primary').click()
    const output = page.getByTestId('command-output')
    await output.getByText(/^Nothing to migrate: all \d+ migrations are applied/).waitFor()
    expect(await output.textContent()).toContain(texts.commands.done.split('{command}')[0])
    await snapshot(page, 'developments-migrate-zh')
  })

  it('moves a list column by dragging it, and the list shows the saved order', async () => {
    await page.goto(CONSOLE)
    await page.getByRole('tab', { name: texts.tabs.layout }).click()
    await page.getByRole('combobox', { name: texts.layout.resource }).click()
    await page.keyboard.type(zhMenu(83))
    await page.keyboard.press('Enter')
    const columns = page.getByRole('list', { name: texts.layout.columns })
    const name = zh.labels.banks?.name ?? zh.fields.name
    await columns
      .locator('li[data-key="name"] .bd-sortable__handle')
      .dragTo(columns.locator('li[data-key="id"]'))
    expect(await columns.locator('li').first().getAttribute('data-key')).toBe('name')
    await page.getByRole('button', { name: zh.actions.save }).click()
    await page.getByText(zh.messages.success.replace('{action}', zh.actions.save)).waitFor()

    await page.goto('/admin/banks')
    const header = page.locator('.ant-table-thead th:not(.ant-table-selection-column)').first()
    await expect.poll(() => header.textContent()).toBe(name)
  })

  it('installs the notices plug-in, whose menu item then opens its list', async () => {
    await noticesPlugin(page, false)
    await page.goto(PLUGINS)
    await page.getByRole('button', { name: texts.plugins.install }).click()
    await page.getByText(texts.plugins.installed, { exact: true }).waitFor()
    await page.getByRole('navigation', { name: zh.nav.main_menu }).getByRole('link', { name: '公告' }).click()
    await page.waitForURL('**/admin/notices')
    await page.getByRole('link', { name: zh.actions.create }).waitFor()
  })

  it("creates a notice on the installed plug-in's page, its breadcrumb in the user's language", async () => {
    await noticesPlugin(page, true)
    const title = `周五下午系统维护${Date.now().toString(36).slice(-5)}`
    await page.goto('/admin/notices')
    await page.getByRole('link', { name: zh.actions.create }).click()
    await page.waitForURL('**/admin/notices/create')
    // The breadcrumb names the plug-in's own items in the user's language too: its list, then "create".
    const trail = page.locator('.ant-breadcrumb')
    await trail.getByRole('link', { name: '公告', exact: true }).waitFor()
    await trail.getByText(zh.actions.create, { exact: true }).waitFor()
    const field = page.locator('#resource-notices_title')
    await field.fill(title)
    await expect.poll(() => field.inputValue()).toBe(title)
    await page.locator('form button[type=submit]').click()
    await page.waitForURL('**/admin/notices')
    await page.locator('.ant-table-row').getByText(title).waitFor()
    await snapshot(page, 'developments-notices-zh')
  })

  /** The notices plug-in installed, with a notice of its own: answers the notice's title. */
  async function installedWithANotice(): Promise<string> {
    await noticesPlugin(page, true)
    const kept = `周一上午培训${Date.now().toString(36).slice(-5)}`
    const notice = await callApi(page, 'POST', '/admin/notices', { title: kept })
    expect(notice.status, JSON.stringify(notice.body)).toBe(201)
    return kept
  }

  it('uninstalls the plug-in from its row, keeping its notices unless told to drop them', async () => {
    await installedWithANotice()
    await page.goto(PLUGINS)
    const row = page.getByRole('row').filter({ hasText: 'notices' })
    await row.getByRole('button', { name: texts.plugins.uninstall }).click()
    const question = page.getByRole('dialog').filter({ hasText: texts.plugins.drop_data })
    await question.waitFor()
    expect(await question.getByRole('checkbox').isChecked()).toBe(false)
    await snapshot(page, 'developments-uninstall-zh')
    // antd spaces out a two-character Chinese label ("卸 载").
    const spaced = new RegExp(`^${[...texts.plugins.uninstall].join('\\s?')}$`)
    await question.getByRole('button', { name: spaced }).click()
    await row.getByText(texts.plugins.data_kept, { exact: true }).waitFor()
    await snapshot(page, 'developments-data-kept-zh')
    expect(await noticesState(page)).toMatchObject({
      installed_version: null,
      data_kept: true,
    })
  })

  it('finds the kept notices when the plug-in is installed again from its row', async () => {
    const kept = await installedWithANotice()
    // Uninstalled keeping its data, as the row's button does by default (the test above clicks it).
    const uninstalled = await callApi(page, 'DELETE', '/admin/developments/plugins', { name: 'notices' })
    expect(uninstalled.status, JSON.stringify(uninstalled.body)).toBe(200)
    await page.goto(PLUGINS)
    const row = page.getByRole('row').filter({ hasText: 'notices' })
    await row.getByText(texts.plugins.data_kept, { exact: true }).waitFor()
    await row.getByRole('button', { name: texts.plugins.install }).click()
    await row.getByText(texts.plugins.installed, { exact: true }).waitFor()
    await page.getByRole('navigation', { name: zh.nav.main_menu }).getByRole('link', { name: '公告' }).click()
    await page.locator('.ant-table-row').getByText(kept).waitFor()
  })
})

describe('the developer console on a production server', () => {
  let production: RunningServer
  let context: BrowserContext
  let page: Page
  snapshotFailures(() => [page])

  beforeAll(async () => {
    production = await startServer({ APP_ENV: 'production', APP_KEY: 'e2e-production-key-'.padEnd(40, 'x') })
  }, SERVER_START_MS)
  beforeEach(async () => {
    ;({ context, page } = await openConsole(production))
  })
  afterEach(() => context?.close())
  afterAll(() => production?.stop())

  it('refuses the same command call with 403, and the page says commands are local only', async () => {
    await page.goto(CONSOLE)
    await page.getByText(texts.local_only).first().waitFor()
    expect(await page.getByRole('button', { name: texts.commands.run }).isDisabled()).toBe(true)
    const answer = await callApi(page, 'POST', '/admin/developments/command', { command: 'migrate' })
    expect(answer.status).toBe(403)
  })

  it('offers no plug-in install or uninstall, and refuses them with 403', async () => {
    await page.goto(PLUGINS)
    const install = page
      .getByRole('row')
      .filter({ hasText: 'notices' })
      .getByRole('button', { name: texts.plugins.install })
    await install.waitFor()
    expect(await install.isDisabled()).toBe(true)
    for (const method of ['POST', 'DELETE']) {
      const answer = await callApi(page, method, '/admin/developments/plugins', { name: 'notices' })
      expect(answer.status, method).toBe(403)
    }
  })
})
