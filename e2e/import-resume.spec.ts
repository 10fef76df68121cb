import ExcelJS from 'exceljs'
import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi, createFirm } from './support/api'
import { launchBrowser, newContext, snapshotFailures } from './support/browser'
import { logIn, zh } from './support/identity'
import { E2E_ADMIN_PASSWORD } from './support/server'

const stamp = `I${Date.now().toString(36).slice(-6)}`
/** Three chunks of the SPA's 200 rows: 200, 200, 50. */
const COUNT = 450
const IMPORT_URL = '**/web-api/admin/products/import'

let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  context = await newContext(browser)
  page = await context.newPage()
})

afterAll(async () => {
  await browser?.close()
})

snapshotFailures(() => [page])

/** The products sheet as the import template has it: the sheet named after the list, keys in the header. */
async function productSheet(firmId: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('products')
  sheet.addRow(['uid', 'firm_id', 'classify_id', 'classify2_id', 'pclassify_id', 'name'])
  for (let i = 0; i < COUNT; i++) sheet.addRow([`${stamp}-${i}`, firmId, 1, 2, 2, `E2E导入${stamp}-${i}`])
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

describe('import of a sheet', () => {
  /** The sheet the import test sends: COUNT products of a firm made for it. */
  let sheet: Buffer

  it('logs the administrator in and makes a firm with a sheet of its products', async () => {
    await page.goto('/open/login')
    await logIn(page, 'admin', E2E_ADMIN_PASSWORD)
    sheet = await productSheet(await createFirm(page, `E2E导入公司${stamp}`))
  })

  it('survives a reload with two chunks in flight, one of them stored, and stores every row once', async () => {
    if (!sheet) throw new Error('the test before this one makes the sheet')

    // Chunk 0 goes through; chunk 1 reaches the server (which stores it) but its answer is lost;
    // chunk 2, sent once chunk 0 is answered, is held. Then the page reloads.
    const keys: string[] = []
    // Until the reload; the requests held then die with the page (an unroute would let them through).
    let holding = true
    let chunk1Stored: () => void = () => undefined
    let chunk2Sent: () => void = () => undefined
    const stored = new Promise<void>((reached) => {
      chunk1Stored = reached
    })
    const sent = new Promise<void>((reached) => {
      chunk2Sent = reached
    })
    await page.route(IMPORT_URL, async (route: Route) => {
      if (!holding) return route.continue()
      const { key } = route.request().postDataJSON() as { key: string }
      keys.push(key)
      const chunk = Number(key.slice(key.lastIndexOf('-') + 1))
      if (chunk === 0) return route.continue()
      if (chunk === 1) {
        const answer = await route.fetch()
        expect(answer.status()).toBe(200)
        chunk1Stored()
        return
      }
      chunk2Sent()
    })

    await page.goto('/admin/products')
    await page.locator('input[type=file][accept=".xlsx"]').setInputFiles({
      name: 'products.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: sheet,
    })
    await Promise.all([stored, sent])
    expect(keys.map((key) => key.slice(key.lastIndexOf('-') + 1))).toEqual(['0', '1', '2'])
    const task = keys[0].slice(0, keys[0].lastIndexOf('-'))

    await page.reload()
    holding = false
    const resume = page.getByRole('button', { name: zh.actions.resume })
    await resume.waitFor()
    // Resumed: chunk 1 again under its key (the server answers it from what it kept), then chunk 2.
    const resent: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/web-api/admin/products/import'))
        resent.push((request.postDataJSON() as { key: string }).key)
    })
    await resume.click()
    await page.getByText(zh.messages.import_success).waitFor()
    expect(resent).toEqual([`${task}-1`, `${task}-2`])

    const list = await callApi<{ total: number }>(
      page,
      'GET',
      `/admin/products/list?keyword=${stamp}&get_count=1&per_page=200`,
    )
    expect(list.body.total).toBe(COUNT)
    await page.unroute(IMPORT_URL)
  })
})
