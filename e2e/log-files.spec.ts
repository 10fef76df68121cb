import fs from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi } from './support/api'
import { launchBrowser, newContext, snapshot, snapshotFailures } from './support/browser'
import { logIn, zh } from './support/identity'
import { E2E_ADMIN_PASSWORD } from './support/server'

const stamp = Date.now().toString(36).slice(-5)
const USER = { uname: `plain${stamp}`, name: '普通用户', password: `plain-${stamp}-pass` }

/** Today as the rolling log files name it (the server runs on this machine, in its time zone). */
const now = new Date()
const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`

let browser: Browser
let admin: BrowserContext
let page: Page
let userContext: BrowserContext | undefined
let userPage: Page | undefined

beforeAll(async () => {
  browser = await launchBrowser()
  admin = await newContext(browser)
  page = await admin.newPage()
  await page.goto('/open/login')
  await logIn(page, 'admin', E2E_ADMIN_PASSWORD)
  await page.waitForURL('**/admin/index')
})
afterAll(async () => {
  // The shared server must not stay in maintenance, whatever happened above.
  const id = await maintenanceId().catch(() => undefined)
  if (id) await callApi(page, 'PUT', `/admin/configs/${id}`, { value: '0' }).catch(() => undefined)
  await userContext?.close()
  await admin?.close()
  await browser?.close()
})

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

/**
 * Switches maintenance mode in the settings list, as an administrator would: the click asks first,
 * naming the effect, and only the confirmation switches it (`snapshotAs`: a picture of the question).
 */
async function switchMaintenance(on: boolean, snapshotAs?: string): Promise<void> {
  // Searched by its key: the settings are more than one page.
  await page.goto('/admin/configs?keyword=maintenance_mode')
  const row = page.getByRole('row').filter({ hasText: 'maintenance_mode' })
  const toggle = row.getByRole('switch')
  await toggle.waitFor()
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
    const account = await callApi(page, 'POST', '/admin/users', USER)
    expect(account.status, JSON.stringify(account.body)).toBe(201)
    userContext = await newContext(browser)
    userPage = await userContext.newPage()
    await userPage.goto('/open/index')
    const closed = userPage.getByRole('heading', { name: zh.errors.maintenance.title })
    await closed.waitFor()
    // Logging in still works (administrators must get in); what comes after it is closed too.
    const token = (await (await userContext.request.get('/web-api/open/token')).json())._token as string
    const login = await userContext.request.post('/web-api/open/login', {
      data: { username: USER.uname, password: USER.password },
      headers: { 'X-CSRF-TOKEN': token },
    })
    expect(login.status()).toBe(200)
    await userPage.goto('/home/index')
    await closed.waitFor()
    await snapshot(userPage, 'maintenance-user-zh')
    const api = await callApi(userPage, 'GET', '/home/personage/index')
    expect(api.status).toBe(503)
  })

  it('opens the site to everyone again once maintenance is off', async () => {
    if (!userPage) throw new Error('the maintenance test before this one opens the user’s page')
    const user = userPage
    const closed = user.getByRole('heading', { name: zh.errors.maintenance.title })
    await switchMaintenance(false)
    await user.goto('/home/index')
    await user.getByText(zh.home.account_title).first().waitFor()
    expect(await closed.count()).toBe(0)
    await page.goto('/admin/index')
    await page.getByText(zh.admin.charts.title).first().waitFor()
    expect(await page.getByRole('status').filter({ hasText: zh.maintenance.banner }).count()).toBe(0)
  })
})
