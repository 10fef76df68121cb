import type { Browser, BrowserContext, Cookie, Page, Request } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { callApi, createFirm } from './support/api'
import { launchBrowser, loggedInContext, newContext, snapshot, snapshotFailures } from './support/browser'
import { logIn, zh } from './support/identity'
import { E2E_ADMIN_PASSWORD, type RunningServer, startServer } from './support/server'
import { sharedServer } from './support/shared-server'

const stamp = Date.now().toString(36).slice(-5)
const SERVER_START_MS = 120_000

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The ids of the menu items of these urls (GET method), to grant a role. */
async function menuIds(page: Page, urls: string[]): Promise<number[]> {
  const answer = await callApi<{ data: Array<{ id: number; url: string; method: number }> }>(
    page,
    'GET',
    `/admin/menus/list?per_page=200&url=${encodeURIComponent(urls[0])}`,
  )
  return answer.body.data
    .filter((item) => urls.includes(item.url) && (item.method & 1) !== 0)
    .map((i) => i.id)
}

describe('apps', () => {
  let context: BrowserContext
  let page: Page
  snapshotFailures(() => [page])

  beforeAll(async () => {
    context = await loggedInContext(browser)
    page = await context.newPage()
  })
  afterAll(async () => {
    await context?.close()
  })

  it('a user creates an app, sees its secret once, and its token reaches the banks but not the firms', async () => {
    await page.goto('/home/apps')
    await page.getByRole('link', { name: zh.apps.create }).click()
    await page.waitForURL('**/home/apps/create')
    await page.locator('#app_name').fill(`对账同步${stamp}`)
    await page.locator('#app_allowed_ips').fill('127.0.0.1\n10.0.0.0/8')
    await page.locator('form#app button[type=submit]').click()
    const clientId = (await page.getByTestId('app-client-id').textContent()) ?? ''
    const secret = (await page.getByTestId('app-secret').textContent()) ?? ''
    expect(secret).toMatch(/^[A-Za-z0-9]{40}$/)
    await snapshot(page, 'apps-secret-zh')
    await page.getByRole('button', { name: zh.apps.secret_saved }).click()
    await page.waitForURL('**/home/apps')
    const card = page.locator('.bd-apps__card').filter({ hasText: clientId })
    await card.getByText(zh.options.apps.review.pending).waitFor()
    expect(await page.content()).not.toContain(secret)
    await snapshot(page, 'apps-list-zh')

    // An administrator approves it with a role holding the banks list only.
    const role = await callApi<{ row: { id: number } }>(page, 'POST', '/admin/roles', {
      name: `银行只读${stamp}`,
      parent_id: 1,
    })
    expect(role.status).toBe(201)
    const grant = await callApi(page, 'PUT', `/admin/roles/${role.body.row.id}/permissions`, {
      menu_ids: await menuIds(page, ['/admin/banks/list']),
    })
    expect(grant.status, JSON.stringify(grant.body)).toBe(200)
    await page.goto('/admin/apps')
    const row = page.locator('.ant-table-row').filter({ hasText: clientId })
    await row.waitFor()
    const { body } = await callApi<{ data: Array<{ id: number; client_id: string }> }>(
      page,
      'GET',
      `/admin/apps/list?client_id=${clientId}`,
    )
    const approve = await callApi(page, 'PUT', `/admin/apps/${body.data[0].id}`, {
      review: 1,
      role_id: role.body.row.id,
    })
    expect(approve.status).toBe(200)

    const base = sharedServer().baseUrl
    const token = await fetch(`${base}/api/open/apps/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
    })
    expect(token.status).toBe(200)
    const { access_token } = (await token.json()) as { access_token: string }
    const call = (path: string) =>
      fetch(`${base}/api${path}`, { headers: { Authorization: `Bearer ${access_token}` } })
    expect((await call('/admin/banks/list')).status).toBe(200)
    expect((await call('/admin/firms/list')).status).toBe(403)
  })
})

describe('with API encryption on', () => {
  let server: RunningServer
  /** The administrator's cookies on that server, from a login in a browser of the set-up. */
  let session: Cookie[]
  let context: BrowserContext
  let page: Page
  const bodies: Array<{ url: string; body: string | null; headers: Record<string, string> }> = []
  snapshotFailures(() => [page])

  beforeAll(async () => {
    server = await startServer({ API_ENCRYPTION: 'true' })
    // The API takes no plain login while encryption is on: the set-up logs in as the SPA does.
    const setUp = await newContext(browser, { baseURL: server.baseUrl })
    const setUpPage = await setUp.newPage()
    await setUpPage.goto('/open/login')
    await logIn(setUpPage, 'admin', E2E_ADMIN_PASSWORD)
    // Several logins per account: the login test's own does not end this session.
    const setting = await callApi<{ data: { id: number }[] }>(
      setUp,
      'GET',
      '/admin/configs/list?key=session_concurrent',
    )
    const concurrent = await callApi(setUp, 'PUT', `/admin/configs/${setting.body.data[0].id}`, {
      value: '1',
    })
    expect(concurrent.status, JSON.stringify(concurrent.body)).toBe(200)
    session = await setUp.cookies()
    await setUp.close()
  }, SERVER_START_MS)
  beforeEach(async () => {
    context = await newContext(browser, { baseURL: server.baseUrl })
    page = await context.newPage()
    bodies.length = 0
    page.on('request', (request: Request) => {
      if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/web-api/')) {
        bodies.push({ url: request.url(), body: request.postData(), headers: request.headers() })
      }
    })
  })
  afterEach(async () => {
    await context?.close()
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('a login works in the browser, with {aes_key, data, sign} on the wire', async () => {
    await page.goto('/open/login')
    await logIn(page, 'admin', E2E_ADMIN_PASSWORD)
    const login = bodies.find((b) => b.url.endsWith('/web-api/open/login'))
    expect(Object.keys(JSON.parse(login?.body ?? '{}')).sort()).toEqual(['aes_key', 'data', 'sign'])
    expect(login?.headers['api-encryption']).toBe('1')
    expect(login?.body).not.toContain(E2E_ADMIN_PASSWORD)
  })

  it('a product edit works in the browser, with {aes_key, data, sign} on the wire', async () => {
    await context.addCookies(session)
    // A product to edit (set up through the API, which takes plain bodies on these routes).
    const firmId = await createFirm(page, `密保${stamp}`, `密保人寿${stamp}`)
    type Tree = { data: Array<{ id: number; parent_id: number; level: number }> }
    const classifys = (await callApi<Tree>(page, 'GET', '/admin/classifys/list?per_page=200')).body.data
    const child = classifys.find((c) => c.parent_id > 0) ?? classifys[0]
    const group = (await callApi<Tree>(page, 'GET', '/admin/pclassifys/list?per_page=200')).body.data.find(
      (c) => c.level > 0,
    )
    const product = await callApi<{ row: { id: number } }>(page, 'POST', '/admin/products', {
      firm_id: firmId,
      classify_id: child.parent_id,
      classify2_id: child.id,
      pclassify_id: group?.id,
      name: `加密测试险${stamp}`,
    })
    expect(product.status, JSON.stringify(product.body)).toBe(201)

    bodies.length = 0
    await page.goto(`/admin/products/${product.body.row.id}`)
    const form = page.locator('form#resource-products')
    await form.locator('#resource-products_name').fill(`加密测试险（改）${stamp}`)
    await form.locator('button[type=submit]').click()
    await page.waitForURL('**/admin/products')
    await page.getByRole('cell', { name: `加密测试险（改）${stamp}`, exact: true }).waitFor()
    const edit = bodies.find((b) => b.url.endsWith(`/web-api/admin/products/${product.body.row.id}`))
    expect(Object.keys(JSON.parse(edit?.body ?? '{}')).sort()).toEqual(['aes_key', 'data', 'sign'])
    expect(edit?.body).not.toContain('加密测试险')
    await snapshot(page, 'apps-encrypted-products-zh')
  })
})
