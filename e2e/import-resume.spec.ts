import ExcelJS from 'exceljs'
import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { callApi, createFirm } from './support/api'
import { launchBrowser, loggedInContext, snapshotFailures } from './support/browser'
import { say, zh } from './support/identity'

const stamp = `I${Date.now().toString(36).slice(-6)}`
/** Three chunks of the SPA's 200 rows: 200, 200, 50. */
const COUNT = 450
const IMPORT_URL = '**/web-api/admin/products/import'

let browser: Browser
/** Each test's own profile, logged in as the administrator, and its tab. */
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
})
beforeEach(async () => {
  context = await loggedInContext(browser)
  page = await context.newPage()
})
afterEach(() => context?.close())
afterAll(() => browser?.close())

snapshotFailures(() => [page])

/** The labels of the products' columns as an export heads them (zh-CN). */
const ZH_HEADER = [
  zh.fields.uid,
  zh.fields.firm_id,
  zh.fields.classify_id,
  zh.fields.classify2_id,
  zh.fields.pclassify_id,
  zh.labels.products.name,
]

/** A sheet as the import template has it: named after the list, headed as an export heads it. */
async function sheetOf(header: string[], rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('products')
  sheet.addRow(header)
  sheet.addRows(rows)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** The products sheet: COUNT products of a firm, headed by the labels users see. */
function productSheet(firmId: number): Promise<Buffer> {
  return sheetOf(
    ZH_HEADER,
    Array.from({ length: COUNT }, (_, i) => [`${stamp}-${i}`, firmId, 1, 2, 2, `E2E导入${stamp}-${i}`]),
  )
}

const xlsxFile = (buffer: Buffer) => ({
  name: 'products.xlsx',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  buffer,
})

describe('import of a sheet', () => {
  it('survives a reload with two chunks in flight, one of them stored, and stores every row once', async () => {
    const sheet = await productSheet(await createFirm(page, `E2E导入公司${stamp}`))

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
    await page.locator('input[type=file][accept=".xlsx"]').setInputFiles(xlsxFile(sheet))
    await Promise.all([stored, sent])
    expect(keys.map((key) => key.slice(key.lastIndexOf('-') + 1))).toEqual(['0', '1', '2'])
    const task = keys[0].slice(0, keys[0].lastIndexOf('-'))

    await page.reload()
    holding = false
    const resume = page.getByRole('button', { name: zh.actions.resume })
    await resume.waitFor()
    // Resumed from the first chunk the kept state had not moved past, each under its key (the server
    // answers a chunk it stored from what it kept): chunk 1, or chunk 0 again when the tab reloaded
    // before its state was kept past chunk 0's answer (chunk 2 goes as that answer comes), then chunk 2.
    const resent: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/web-api/admin/products/import'))
        resent.push((request.postDataJSON() as { key: string }).key)
    })
    await resume.click()
    await page.getByText(zh.messages.import_success).waitFor()
    expect([
      [`${task}-1`, `${task}-2`],
      [`${task}-0`, `${task}-1`, `${task}-2`],
    ]).toContainEqual(resent)

    const list = await callApi<{ total: number }>(
      page,
      'GET',
      `/admin/products/list?keyword=${stamp}&get_count=1&per_page=200`,
    )
    expect(list.body.total).toBe(COUNT)
    await page.unroute(IMPORT_URL)
  })

  it('reports every error of a row under its label, and hands the failed rows back headed by labels', async () => {
    const firmId = await createFirm(page, `E2E导入错误${stamp}`)
    // An older file headed by English labels and keys: it imports all the same.
    const file = await sheetOf(
      ['Unique identifier', 'Insurance company', 'classify_id', 'classify2_id', 'pclassify_id', 'Name'],
      [
        [`${stamp}-ok`, firmId, 1, 2, 2, `E2E导入${stamp}-ok`],
        [`${stamp}-bad`, 999_999, 1, 2, 2, ''],
      ],
    )
    await page.goto('/admin/products')
    await page.locator('input[type=file][accept=".xlsx"]').setInputFiles(xlsxFile(file))
    const dialog = page.locator('.ant-modal')
    await dialog.getByText(say(zh.messages.import_partial, { success_number: 1, error_number: 1 })).waitFor()
    const download = page.waitForEvent('download')
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click()
    const saved = await (await download).path()
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(saved)
    const sheet = workbook.worksheets[0]
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    expect(header).toEqual(expect.arrayContaining([...ZH_HEADER, zh.fields.error]))
    const row = (sheet.getRow(2).values as unknown[]).slice(1)
    expect(row[header.indexOf(zh.fields.uid)]).toBe(`${stamp}-bad`)
    const error = String(row[header.indexOf(zh.fields.error)])
    // Both mistakes, each under the product's own label (名称, not a person's 姓名).
    expect(error).toContain(zh.labels.products.name)
    expect(error).not.toContain(zh.fields.name)
    expect(error).toContain(zh.fields.firm_id)
    const list = await callApi<{ total: number }>(
      page,
      'GET',
      `/admin/products/list?keyword=${stamp}-ok&get_count=1`,
    )
    expect(list.body.total).toBe(1)
  })
})
