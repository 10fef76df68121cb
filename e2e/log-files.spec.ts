import fs from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { callApi } from './support/api'
import { launchBrowser, loggedInContext, newContext, snapshot, snapshotFailures } from './support/browser'
import { zh } from './support/identity'

/** Today as the rolling log files name it (the server runs on this machine, in its time zone). */
const now = new Date()
const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`

let browser: Browser
/** Each test's own profiles: the administrator's (logged in) and an ordinary user's, and their tabs. */
let admin: BrowserContext
let page: Page
let userContext: BrowserContext | undefined
let userPage: Page | undefined

beforeAll(async () => {
  browser = await launchBrowser()
})
beforeEach(async () => {
  admin = await loggedInContext(browser)
  page = await admin.newPage()
})
afterEach(async () => {
  // The server must not stay in maintenance, whatever happened in the test.
  await setMaintenance(false).catch(() => undefined)
  await userContext?.close()
  userContext = undefined
  userPage = undefined
  await admin?.close()
})
afterAll(() => browser?.close())

async function maintenanceId(): Promise<number> {
  const list = await callApi<{ data: Array<{ id: number; key: string }> }>(
    page,
    'GET',
    '/admin/configs/list?key=maintenance_mode',
  )
  const row = list.body.data.find((one) => one.key === 'maintenance_mode')
  if (!row) throw new Error('no maintenance_mode setting')
  return row.id
}

/** Sets maintenance mode through the API (for the tests that are about what it does, not its switch). */
async function setMaintenance(on: boolean): Promise<void> {
  const answer = await callApi(admin, 'PUT', `/admin/configs/${await maintenanceId()}`, {
    value: on ? '1' : '0',
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

/** A new ordinary user, logged in in a profile of their own (`userContext`, `userPage`). */
async function logInOrdinaryUser(): Promise<Page> {
  const stamp = `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`
  const user = { uname: `plain${stamp}`, name: '普通用户', password: 'plain-pass-1' }
  const account = await callApi(admin, 'POST', '/admin/users', user)
  expect(account.status, JSON.stringify(account.body)).toBe(201)
  userContext = await newContext(browser)
  // Logging in still works in maintenance (administrators must get in).
  const token = (await (await userContext.request.get('/web-api/open/token')).json())._token as string
  const login = await userContext.request.post('/web-api/open/login', {
    data: { username: user.uname, password: user.password },
    headers: { 'X-CSRF-TOKEN': token },
  })
  expect(login.status()).toBe(200)
  userPage = await userContext.newPage()
  return userPage
}

/**
 * Switches maintenance mode in the settings list, as an administrator would: the click asks first,
 * naming the effect, and only the confirmation switches it (`snapshotAs`: a picture of the question).
 */
async function switchMaintenance(on: boolean, snapshotAs?: string): Promise<void> {
  await openMaintenanceSwitch()
  await confirmMaintenanceSwitch(on, snapshotAs)
}

/** The settings list searched for maintenance mode (the settings are more than one page): its switch. */
async function openMaintenanceSwitch(): Promise<void> {
  await page.goto('/admin/configs?keyword=maintenance_mode')
  await maintenanceToggle().waitFor()
}

const maintenanceToggle = () =>
  page.getByRole('row').filter({ hasText: 'maintenance_mode' }).getByRole('switch')

/** Clicks the open switch and confirms the question. */
async function confirmMaintenanceSwitch(on: boolean, snapshotAs?: string): Promise<void> {
  const toggle = maintenanceToggle()
  expect(await toggle.getAttribute('aria-checked')).toBe(String(!on))
  await toggle.click()
  const question = page.getByRole('dialog').filter({ hasText: zh.configs.sensitive_effect.maintenance_mode })
  await question.waitFor()
  if (snapshotAs) await snapshot(page, snapshotAs)
  await question.getByRole('button', { name: zh.configs.sensitive_ok }).click()
  await page.waitForFunction(
    ({ on }) =>
      Array.from(document.querySelectorAll('tr'))
        .find((tr) => tr.textContent?.includes('maintenance_mode'))
        ?.querySelector('[role=switch]')
        ?.getAttribute('aria-checked') === String(on),
    { on },
  )
}

describe('operations: log files and maintenance mode', () => {
  snapshotFailures(() => [page, userPage])

  it("previews today's log and downloads it", async () => {
    await page.goto('/admin/file-log/index')
    // brokerdesk-<node>.<date>.<n>.log: the node (NODE_ID) in the name, processes never share a file.
    const name = new RegExp(`brokerdesk-[A-Za-z0-9._-]+\\.${today}\\.\\d+\\.log`)
    const row = page.getByRole('row').filter({ hasText: name }).first()
    await row.waitFor()
    const file = ((await row.locator('.bd-log-files__name').textContent()) ?? '').trim()
    // The newest file is previewed first: its last lines are the server's latest requests.
    const preview = page.getByRole('region', { name: zh.file_log.preview_of.replace('{file}', file) })
    await expect.poll(() => preview.getByTestId('log-lines').textContent()).toContain('request completed')
    const shown = await preview.getByTestId('log-lines').textContent()
    expect(shown).toContain('/web-api/admin/file-log/index')
    await snapshot(page, 'log-files-zh')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: `${zh.file_log.download} ${file}` }).click(),
    ])
    expect(download.suggestedFilename()).toBe(file)
    const content = fs.readFileSync((await download.path()) ?? '', 'utf8')
    expect(content.split('\n').length).toBeGreaterThan(10)
    expect(content).toContain('"msg":"request completed"')
  })

  it('does not turn maintenance on with one unconfirmed click in the list', async () => {
    await page.goto('/admin/configs?keyword=maintenance_mode')
    const toggle = page.getByRole('row').filter({ hasText: 'maintenance_mode' }).getByRole('switch')
    await toggle.click()
    const question = page
      .getByRole('dialog')
      .filter({ hasText: zh.configs.sensitive_effect.maintenance_mode })
    await question.waitFor()
    // antd spaces out a two-character Chinese label ("取 消").
    await question
      .getByRole('button', { name: new RegExp(`^${[...zh.actions.cancel].join('\\s?')}$`) })
      .click()
    await question.waitFor({ state: 'hidden' })
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    const stored = await callApi<{ row: { value: string } }>(
      page,
      'GET',
      `/admin/configs/${await maintenanceId()}`,
    )
    expect(stored.body.row.value).toBe('0')
  })

  it('shows the administrator a banner while maintenance is on', async () => {
    await switchMaintenance(true, 'maintenance-confirm-zh')
    await page.goto('/admin/index')
    await page.getByRole('status').filter({ hasText: zh.maintenance.banner }).waitFor()
    await snapshot(page, 'maintenance-banner-zh')
  })

  it('shows an ordinary user the maintenance page, before and after logging in', async () => {
    await setMaintenance(true)
    const visitor = await newContext(browser)
    const visitorPage = await visitor.newPage()
    await visitorPage.goto('/open/index')
    await visitorPage.getByRole('heading', { name: zh.errors.maintenance.title }).waitFor()
    await visitor.close()
    // Logging in still works (administrators must get in); what comes after it is closed too.
    const userPage = await logInOrdinaryUser()
    const closed = userPage.getByRole('heading', { name: zh.errors.maintenance.title })
    await userPage.goto('/home/index')
    await closed.waitFor()
    await snapshot(userPage, 'maintenance-user-zh')
    const api = await callApi(userPage, 'GET', '/home/personage/index')
    expect(api.status).toBe(503)
  })

  it('turns maintenance off from the settings list after its question, and the banner goes', async () => {
    await setMaintenance(true)
    await openMaintenanceSwitch()
    await page.getByRole('status').filter({ hasText: zh.maintenance.banner }).waitFor()
    await confirmMaintenanceSwitch(false)
    // Opened again: the layout has no banner.
    await openMaintenanceSwitch()
    expect(await page.getByRole('status').filter({ hasText: zh.maintenance.banner }).count()).toBe(0)
  })

  it('opens the site to everyone again once maintenance is off', async () => {
    await setMaintenance(true)
    const user = await logInOrdinaryUser()
    const closed = user.getByRole('heading', { name: zh.errors.maintenance.title })
    await user.goto('/home/index')
    await closed.waitFor()
    // Off (the settings list's switch has the test above).
    await setMaintenance(false)
    await user.goto('/home/index')
    await user.getByText(zh.home.account_title).first().waitFor()
    expect(await closed.count()).toBe(0)
  })
})
