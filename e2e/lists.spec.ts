import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { launchBrowser, newContext, snapshot, snapshotFailures } from './support/browser'
import { zh } from './support/identity'
import { E2E_ADMIN_PASSWORD } from './support/server'

const stamp = Date.now().toString(36).slice(-5)
/** 11 products of the test: two pages of ten. */
const PRODUCTS = 11
const productName = (n: number) => `列表险${stamp}-${String(n).padStart(2, '0')}`
type Labels = Record<string, Record<string, string>>
const title = (field: string) =>
  (zh as unknown as { labels: Labels }).labels.products?.[field] ?? zh.fields[field as keyof typeof zh.fields]

let browser: Browser
let context: BrowserContext
let page: Page
snapshotFailures(() => [page])

beforeAll(async () => {
  browser = await launchBrowser()
  context = await newContext(browser, { viewport: { width: 1440, height: 900 } })
  // Logged in and set up through the web API with the browser's cookies: the products, issued a day
  // apart, the first made the newest, so a sort by issue date reverses them.
  const api = context.request
  const token = async () =>
    ((await (await api.get('/web-api/open/token')).json()) as { _token: string })._token
  const login = await api.post('/web-api/open/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD },
    headers: { 'X-CSRF-TOKEN': await token() },
  })
  expect(login.status()).toBe(200)
  const headers = { 'X-CSRF-TOKEN': await token(), Accept: 'application/json' }
  const get = async <T>(url: string) => (await (await api.get(`/web-api${url}`, { headers })).json()) as T
  const firm = await api.post('/web-api/admin/firms', {
    data: { name: `列表${stamp}`, full_name: `列表人寿${stamp}`, type: 1 },
    headers,
  })
  expect(firm.status()).toBe(201)
  type Tree = { data: Array<{ id: number; parent_id: number; level: number }> }
  const [classifys, groups] = await Promise.all([
    get<Tree>('/admin/classifys/list?per_page=200'),
    get<Tree>('/admin/pclassifys/list?per_page=200'),
  ])
  const child = classifys.data.find((c) => c.parent_id > 0) ?? classifys.data[0]
  const base = {
    firm_id: ((await firm.json()) as { row: { id: number } }).row.id,
    classify_id: child.parent_id,
    classify2_id: child.id,
    pclassify_id: groups.data.find((c) => c.level > 0)?.id,
  }
  const made = await Promise.all(
    Array.from({ length: PRODUCTS }, (_, n) =>
      api.post('/web-api/admin/products', {
        data: {
          ...base,
          name: productName(n + 1),
          issue_at: `2025-01-${String(28 - n).padStart(2, '0')} 09:00:00`,
        },
        headers,
      }),
    ),
  )
  expect(made.map((answer) => answer.status())).toEqual(made.map(() => 201))
})
afterAll(async () => {
  await context?.close()
  await browser?.close()
})
/** Each test's own tab (its own history) in the logged-in profile; the products are only read. */
beforeEach(async () => {
  page = await context.newPage()
})
afterEach(() => page?.close())

/** Waits until the shown page lists these products (the previous page stays while the next loads). */
async function expectShown(names: string[], on: Page = page): Promise<void> {
  const cells = on.locator(`.ant-table-tbody tr.ant-table-row td:has-text("列表险${stamp}")`)
  await expect.poll(() => cells.allInnerTexts(), { timeout: 10_000 }).toEqual(names)
}

/** Waits until the list has its rows: nothing is asked for any more and no spinner covers the table. */
const settled = async (on: Page = page) => {
  await on.waitForLoadState('networkidle')
  await on.waitForFunction(() => !document.querySelector('.ant-table-wrapper .ant-spin-spinning'))
}

const activePage = (on: Page = page) => on.locator('.ant-pagination-item-active').innerText()

// Sorted by issue date the oldest (the last named) first: the second page holds the first named.
const second = [productName(1)]

/** Filters the list, shows ten a page, sorts it by issue date and goes to the second page, as a user does. */
async function filterSortAndTurn(): Promise<void> {
  await page.goto('/admin/products')
  const filters = page.locator('form#filters-products')
  await filters.locator('#filters-products_keyword').fill(stamp)
  await filters.locator('button[type=submit]').click()
  await page.waitForURL((url) => url.searchParams.get('keyword') === stamp)

  // Ten a page, then sorted by issue date (the oldest first), then the second page.
  await page.locator('.ant-pagination-options .ant-select').click()
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '10' })
    .first()
    .click()
  await page.waitForURL((url) => url.searchParams.get('per_page') === '10')
  await settled()
  await page.getByRole('columnheader', { name: title('issue_at') }).click()
  await page.waitForURL((url) => url.searchParams.get('sort') === 'issue_at')
  await page.locator('th[aria-sort="ascending"]').waitFor()
  await settled()
  await page.locator('.ant-pagination-item-2').click()
  await page.waitForURL((url) => url.searchParams.get('page') === '2')
  await expectShown(second)
  // The total is there at once ("共 23 条"), with a jump to any page.
  await page
    .getByText(zh.list.total.replace('{total}', String(PRODUCTS)))
    .or(page.getByText(zh.list.about.replace('{total}', String(PRODUCTS))))
    .first()
    .waitFor()
}

describe('a product list', () => {
  it('puts its filter, size, sort and page in the address', async () => {
    await filterSortAndTurn()
    const address = new URL(page.url())
    expect(Object.fromEntries(address.searchParams)).toMatchObject({
      keyword: stamp,
      per_page: '10',
      sort: 'issue_at',
      page: '2',
    })
  })

  it('keeps them on a reload and in a shared link', async () => {
    // The second page's address as the test above leaves it.
    const address = `/admin/products?keyword=${encodeURIComponent(stamp)}&per_page=10&sort=issue_at&page=2`
    await page.goto(address)
    await expectShown(second)
    const filters = page.locator('form#filters-products')
    await page.reload()
    await expectShown(second)
    expect(await activePage()).toBe('2')
    expect(await filters.locator('#filters-products_keyword').inputValue()).toBe(stamp)
    expect(await page.getByRole('columnheader', { name: title('issue_at') }).getAttribute('aria-sort')).toBe(
      'ascending',
    )

    const shared = await context.newPage()
    await shared.goto(address)
    await expectShown(second, shared)
    expect(await activePage(shared)).toBe('2')
    await shared.close()
  })

  it('goes back and forward through the pages it turned', async () => {
    await page.goto(`/admin/products?keyword=${encodeURIComponent(stamp)}&per_page=10&sort=issue_at`)
    await page.locator('th[aria-sort="ascending"]').waitFor()
    await expectShown(Array.from({ length: 10 }, (_, n) => productName(PRODUCTS - n)))
    await page.locator('.ant-pagination-item-2').click()
    await page.waitForURL((url) => url.searchParams.get('page') === '2')
    await expectShown(second)

    await page.goBack()
    await page.waitForURL((url) => !url.searchParams.has('page'))
    await expectShown(Array.from({ length: 10 }, (_, n) => productName(PRODUCTS - n)))
    await page.goForward()
    await page.waitForURL((url) => url.searchParams.get('page') === '2')
    await expectShown(second)
  })

  it('shows name, company, status and dates at 1440 px without scrolling sideways', async () => {
    await page.goto(`/admin/products?keyword=${encodeURIComponent(stamp)}`)
    await expect
      .poll(() => page.locator(`.ant-table-tbody tr.ant-table-row:has-text("列表险${stamp}")`).count(), {
        timeout: 10_000,
      })
      .toBe(PRODUCTS)
    await settled()
    const viewport = page.viewportSize() ?? { width: 0, height: 0 }
    for (const field of ['name', 'firm_name', 'status', 'issue_at', 'stop_at']) {
      const box = await page.getByRole('columnheader', { name: title(field) }).boundingBox()
      expect(box, field).not.toBeNull()
      expect(
        box && box.x >= 0 && box.x + box.width <= viewport.width,
        `${field} ${JSON.stringify(box)}`,
      ).toBe(true)
    }
    await snapshot(page, 'lists-products-1440-zh')
  })
})
