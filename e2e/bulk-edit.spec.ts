import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi, createFirm } from './support/api'
import { launchBrowser, loggedInContext, snapshot, snapshotFailures } from './support/browser'
import { say, zh } from './support/identity'

const stamp = Date.now().toString(36).slice(-5)
/** More products on sale than a page of 10 shows, so "all matching" means more than the page. */
const ON_SALE = 12

type Option = { value: number; children?: Option[] }

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('a bulk edit', () => {
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

  /** A firm of its own with ON_SALE products on sale and one out of service; answers their ids. */
  async function firmWithProducts() {
    const firmId = await createFirm(page, `批量${stamp}`)
    const data = await callApi<{ options: Record<string, Option[]> }>(page, 'GET', '/admin/products')
    const classify = data.body.options.classify_id.find((option) => option.children?.length) as Option
    const product = (name: string, status: number) =>
      callApi<{ row: { id: number } }>(page, 'POST', '/admin/products', {
        name,
        firm_id: firmId,
        classify_id: classify.value,
        classify2_id: (classify.children as Option[])[0].value,
        pclassify_id: data.body.options.pclassify_id[0].value,
        status,
      }).then((answer) => {
        expect(answer.status, JSON.stringify(answer.body)).toBe(201)
        return answer.body.row.id
      })
    // Added side by side: the ids need not follow the names.
    const [stopped, ...onSale] = await Promise.all([
      product(`批量停用${stamp}`, 2),
      ...Array.from({ length: ON_SALE }, (_, i) => product(`批量产品${stamp}-${i + 1}`, 1)),
    ])
    return { firmId, onSale, stopped }
  }

  it('halts the sale of every product a filtered list shows, each change in its history', async () => {
    const { firmId, onSale, stopped } = await firmWithProducts()
    await page.goto(`/admin/products?firm_id=${firmId}&status=1&per_page=10`)
    const rows = page.locator('.ant-table-tbody .ant-table-row')
    await rows.first().waitFor()
    await expect.poll(() => rows.count()).toBe(10)

    await page.locator('.ant-table-thead .ant-checkbox-input').first().check()
    const bar = page.locator('.bd-select-all')
    await bar.getByText(say(zh.bulk_edit.page_selected, { count: 10 })).waitFor()
    await bar.getByRole('button', { name: say(zh.bulk_edit.select_all, { total: ON_SALE }) }).click()
    await bar.getByText(say(zh.bulk_edit.all_selected, { total: ON_SALE })).waitFor()

    await page.getByRole('button', { name: zh.bulk_edit.button }).click()
    const drawer = page.getByRole('dialog')
    await drawer.getByText(say(zh.bulk_edit.title_matching, { count: ON_SALE })).waitFor()
    await drawer
      .getByRole('checkbox', { name: say(zh.bulk_edit.change, { field: zh.fields.status }) })
      .check()
    await drawer.getByRole('radio', { name: zh.options.products.status.halt_sales }).check()
    await snapshot(page, 'bulk-edit-drawer')
    await drawer.getByRole('button', { name: say(zh.bulk_edit.apply, { count: ON_SALE }) }).click()
    await drawer.getByText(say(zh.bulk_edit.updated, { count: ON_SALE })).waitFor()

    // The list follows its filter: nothing of this firm is on sale any more.
    await page.keyboard.press('Escape')
    await page.locator('.ant-table-tbody .ant-empty').waitFor()
    expect(await rows.count()).toBe(0)
    const listed = await callApi<{ data: { id: number; status: number }[] }>(
      page,
      'GET',
      `/admin/products/list?firm_id=${firmId}&per_page=20`,
    )
    const statusOf = new Map(listed.body.data.map((row) => [row.id, row.status]))
    expect(onSale.map((id) => statusOf.get(id))).toEqual(onSale.map(() => 0))
    expect(statusOf.get(stopped)).toBe(2)
    const history = await callApi<{ data: { changes: Record<string, unknown> }[] }>(
      page,
      'GET',
      `/admin/products/${onSale[0]}/history`,
    )
    expect(history.body.data[0].changes).toEqual({ status: { before: 1, after: 0 } })
  })
})
