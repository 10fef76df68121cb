import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { callApi, createFirm } from './support/api'
import { launchBrowser, loggedInContext, newContext, snapshot, snapshotFailures } from './support/browser'
import { logIn, say, zh, zhMenu } from './support/identity'
import { E2E_ADMIN_PASSWORD, type RunningServer, startServer } from './support/server'

const stamp = Date.now().toString(36).slice(-5)
const FIRM = `运营测试保险${stamp}`
const FIXED_PASSWORD = `fixed-${stamp}-secret`
const AGENT_PASSWORD = `agent-${stamp}-secret`
/** The browser of the test: an administrator calling from Nanjing (the server trusts the proxy). */
const NANJING = '114.114.114.114'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Today (the server's date, UTC) as the charts write a day and a month in Chinese. */
const now = new Date()
const today = new Date(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
const dayLabel = new Intl.DateTimeFormat('zh-CN', { month: 'short', day: 'numeric' }).format(today)
const monthLabel = new Intl.DateTimeFormat('zh-CN', { year: 'numeric', month: 'short' }).format(today)

/** A successful login of the administrator from another address, through the web API. */
async function logInFrom(server: RunningServer, ip: string): Promise<void> {
  const other = await newContext(browser, { baseURL: server.baseUrl, headers: { 'X-Forwarded-For': ip } })
  const token = (await (await other.request.get('/web-api/open/token')).json())._token as string
  const answer = await other.request.post('/web-api/open/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD },
    headers: { 'X-CSRF-TOKEN': token },
  })
  expect(answer.status()).toBe(200)
  await other.close()
}

/** The values a chart tells screen readers, by period, series after series: ["11月16日 0", …]. */
async function chartPoints(chart: Locator): Promise<string[]> {
  await chart.locator('svg').first().waitFor()
  const label = (await chart.getAttribute('aria-label')) ?? ''
  const series = label.slice(label.indexOf('. ') + 2).split('; ')
  return series.flatMap((one) => one.slice(one.indexOf(': ') + 2).split(', '))
}

let context: BrowserContext
let page: Page
snapshotFailures(() => [page])
afterEach(() => context?.close())

// A server of its own: the charts count every login of the database, and this one has only the test's.
describe('the login charts', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server?.stop())

  it('shows the logins the test made on the home charts, switches the range, and leads from the home and the side menu to the log statistics, with a chart above the table', async () => {
    context = await newContext(browser, { baseURL: server.baseUrl, headers: { 'X-Forwarded-For': NANJING } })
    page = await context.newPage()
    // Three logins today from two addresses: two here, the last one in the browser.
    await logInFrom(server, '58.246.0.1')
    await logInFrom(server, NANJING)
    await page.goto('/open/login')
    await logIn(page, 'admin', E2E_ADMIN_PASSWORD)
    await page.waitForURL('**/admin/index')

    const card = page.locator('.ant-card').filter({ hasText: zh.admin.charts.title })
    const chart = (key: 'login_count' | 'ip_count', range: keyof typeof zh.admin.charts.ranges) =>
      card.getByRole('img', { name: `${zh.fields[key]} · ${zh.admin.charts.ranges[range]}.`, exact: false })
    const weekLogins = await chartPoints(chart('login_count', 'week'))
    expect(weekLogins).toHaveLength(7)
    expect(weekLogins.at(-1)).toBe(`${dayLabel} 3`)
    expect(weekLogins.slice(0, 6).every((point) => point.endsWith(' 0'))).toBe(true)
    expect((await chartPoints(chart('ip_count', 'week'))).at(-1)).toBe(`${dayLabel} 2`)
    await snapshot(page, 'operations-dashboard-zh')

    await card.getByText(zh.admin.charts.ranges.all, { exact: true }).click()
    expect(await chartPoints(chart('login_count', 'all'))).toEqual([`${monthLabel} 3`])
    await card.getByText(zh.admin.charts.ranges.year, { exact: true }).click()
    const yearIps = await chartPoints(chart('ip_count', 'year'))
    expect(yearIps).toHaveLength(12)
    expect(yearIps.at(-1)).toBe(`${monthLabel} 2`)

    // On to the log statistics.
    const menuLink = page.locator('.bd-admin__menu').getByRole('link', { name: zhMenu(160) })
    await menuLink.waitFor()
    const chartsHead = page.locator('.ant-card-head').filter({ hasText: zh.admin.charts.title })
    await chartsHead.getByRole('link', { name: zhMenu(160) }).click()
    await page.waitForURL('**/admin/log-counts')
    const points = await chartPoints(page.getByRole('img', { name: zhMenu(160), exact: false }))
    const day = today.toLocaleDateString('sv-SE')
    expect(points).toContain(`${day} 3`)
    expect(points).toContain(`${day} 2`)
    const row = page.getByRole('row').filter({ hasText: day })
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([day, '3', '2'])
  })

  it("on a phone, loads echarts only when the reader scrolls to the home's charts, in the places held for them", async () => {
    context = await newContext(browser, { baseURL: server.baseUrl, viewport: { width: 390, height: 844 } })
    page = await context.newPage()
    const chartFiles: string[] = []
    page.on('request', (request) => {
      if (/\/assets\/(vendor-echarts|EChart)-/.test(request.url())) chartFiles.push(request.url())
    })
    await page.goto('/open/login')
    await logIn(page, 'admin', E2E_ADMIN_PASSWORD)
    await page.waitForURL('**/admin/index')
    const card = page.locator('.ant-card').filter({ hasText: zh.admin.charts.title })
    const firstChart = card.getByRole('img', { name: zh.fields.login_count, exact: false })
    // The statistics have come (the chart's description is there), below the fold, and the page has
    // drawn twice since (an observer reports after a frame): no echarts yet.
    await firstChart.waitFor({ state: 'attached' })
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    expect(chartFiles).toEqual([])
    const heldHeight = (await firstChart.boundingBox())?.height
    await firstChart.scrollIntoViewIfNeeded()
    await firstChart.locator('svg').first().waitFor()
    expect(chartFiles.length).toBeGreaterThan(0)
    expect((await firstChart.boundingBox())?.height).toBe(heldHeight)
  })
})

// A server of its own: the demo data goes only into an empty catalogue.
describe('the demo data', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server?.stop())

  it("offers the demo data on the empty catalogue's home, says what it adds, and adds it", async () => {
    context = await loggedInContext(browser, { baseURL: server.baseUrl })
    page = await context.newPage()
    await page.goto('/admin/index')
    const offer = page.locator('.bd-demo-offer')
    await offer.getByText(say(zh.admin.demo_data.text, { firms: 35, products: 350 })).waitFor()
    await offer.getByRole('button', { name: zh.admin.demo_data.button }).click()
    await page.getByText(say(zh.admin.demo_data.added, { firms: 35, products: 350 })).waitFor()
    await offer.waitFor({ state: 'detached' })
    const products = await callApi<{ total: number }>(page, 'GET', '/admin/products/list?get_count=1&page=1')
    expect(products.body.total).toBe(350)
  })
})

describe('the operation log', () => {
  beforeEach(async () => {
    context = await loggedInContext(browser, { headers: { 'X-Forwarded-For': NANJING } })
    page = await context.newPage()
  })

  it('finds an edit of a company in the operation log, with the values before and after and the password masked', async () => {
    // The edit through the API, as the company's form sends it: what is tested is the log of it.
    const firmId = await createFirm(page, FIRM)
    const edited = await callApi(page, 'PUT', `/admin/firms/${firmId}`, {
      name: `${FIRM}改`,
      default_password: FIXED_PASSWORD,
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)

    await page.goto('/admin/logs')
    // The list opens on today's entries.
    const range = page.locator('form#filters-logs .ant-picker-range input')
    await expect.poll(() => range.first().inputValue()).toBe(new Date().toLocaleDateString('sv-SE'))
    const entry = page
      .getByRole('row')
      .filter({ hasText: `/web-api/admin/firms/${firmId}` })
      .filter({ hasText: 'PUT' })
    await entry.waitFor()
    const cells = await entry.getByRole('cell').allInnerTexts()
    expect(cells).toContain(`${zhMenu(91)} · ${zh.options.menus.only.update}`)
    expect(cells).toContain('中国 江苏 南京')
    expect(cells).not.toContain('Update insurance company')
    await entry.getByRole('link', { name: new RegExp(`^${zh.actions.show} #`) }).click()

    const changes = page.locator('.bd-log-changes')
    await changes.getByRole('row').nth(1).waitFor()
    const change = (label: string) => changes.getByRole('row').filter({ hasText: label }).getByRole('cell')
    expect(await change(zh.labels.firms.name).allInnerTexts()).toEqual([
      zh.labels.firms.name,
      FIRM,
      `${FIRM}改`,
    ])
    expect(await change(zh.fields.default_password).allInnerTexts()).toEqual([
      zh.fields.default_password,
      zh.messages.missing_value,
      '******',
    ])
    expect(await page.content()).not.toContain(FIXED_PASSWORD)
    await snapshot(page, 'operations-log-detail-zh')
  })

  it("masks an agent system's changed password before and after", async () => {
    const created = await callApi<{ row: { id: number } }>(page, 'POST', '/admin/agent-systems', {
      name: `代理系统${stamp}`,
      full_name: `代理系统${stamp}有限公司`,
      password: `${AGENT_PASSWORD}-old`,
    })
    expect(created.status).toBe(201)
    const agentId = created.body.row.id
    const updated = await callApi(page, 'PUT', `/admin/agent-systems/${agentId}`, {
      password: AGENT_PASSWORD,
    })
    expect(updated.status).toBe(200)
    const logs = await callApi<{ data: { id: number }[] }>(
      page,
      'GET',
      `/admin/logs/list?method=PUT&url=${encodeURIComponent(`agent-systems/${agentId}`)}`,
    )
    await page.goto(`/admin/logs/${logs.body.data[0].id}`)
    const row = page.locator('.bd-log-changes').getByRole('row').filter({ hasText: zh.fields.password })
    await row.waitFor()
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([zh.fields.password, '******', '******'])
    expect(await page.content()).not.toContain(AGENT_PASSWORD)
  })
})
