import { execFile, execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { callApi, createFirm } from './support/api'
import { launchBrowser, loggedInContext, snapshot, snapshotFailures } from './support/browser'
import { zh } from './support/identity'

const COUNT = 25

let browser: Browser
/** Each test's own profile, logged in as the administrator, and its tab. */
let context: BrowserContext
let page: Page

beforeAll(async () => {
  if (office)
    officeReady = new Promise((ready) =>
      execFile(office, [...officeArgs, '--terminate_after_init'], { timeout: 60_000 }, () => ready()),
    )
  browser = await launchBrowser()
})
beforeEach(async () => {
  context = await loggedInContext(browser)
  page = await context.newPage()
  downloads.length = 0
  exportRequests.length = 0
  page.on('download', (download) => void download.path().then((file) => downloads.push(file)))
  page.on('request', (request) => {
    if (request.url().includes('/admin/products/excel')) exportRequests.push(request.url())
  })
})
afterEach(() => context?.close())
afterAll(async () => {
  await browser?.close()
  fs.rmSync(officeProfile, { recursive: true, force: true })
})

snapshotFailures(() => [page])

/** LibreOffice where it is installed (`libreoffice` or `soffice` on PATH). */
const office = ['libreoffice', 'soffice'].find((command) => {
  try {
    execFileSync('which', [command], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})
/** LibreOffice's profile for these checks, made while the browser works (its first start is slow). */
const officeProfile = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-office-'))
const officeArgs = [`-env:UserInstallation=file://${officeProfile}`, '--headless']
let officeReady: Promise<void> = Promise.resolve()

/** A CSV line's fields (LibreOffice quotes a field holding a comma or a quote, doubling quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = []
  for (const match of line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g))
    fields.push(match[1] === undefined ? match[2] : match[1].replace(/""/g, '"'))
  return fields
}

/**
 * The column headed `key` of each xlsx file as LibreOffice reads it (converted to UTF-8 CSV, all in one
 * start).
 */
function openedByLibreOffice(files: string[], key: string): string[][] {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-export-csv-'))
  execFileSync(
    office as string,
    [...officeArgs, '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', out, ...files],
    { stdio: 'ignore', timeout: 60_000 },
  )
  return files.map((file) => {
    const [header, ...lines] = fs
      .readFileSync(path.join(out, `${path.basename(file, '.xlsx')}.csv`), 'utf8')
      .split(/\r?\n/)
      .filter(Boolean)
    const column = csvFields(header).indexOf(key)
    return lines.map((line) => csvFields(line)[column])
  })
}

/** The export or import task the tab keeps in IndexedDB for a reload (null: none). */
function keptTask(tab: Page): Promise<unknown> {
  return tab.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('brokerdesk-transfer')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('state')) {
            db.close()
            resolve(null)
            return
          }
          const read = db.transaction('state').objectStore('state').get('task')
          read.onerror = () => reject(read.error)
          read.onsuccess = () => {
            db.close()
            resolve(read.result ?? null)
          }
        }
      }),
  )
}

const exportRoute = '**/web-api/admin/products/excel?**'
/** Export requests with pages of 10 rows (the SPA asks for 2000). */
const smallPages = (route: Route) => {
  const url = new URL(route.request().url())
  url.searchParams.set('per_page', '10')
  return url
}
/** Files the browser downloaded during the test. */
const downloads: string[] = []
/** The export pages the tab asked for (the address each was sent with), told when rows differ. */
const exportRequests: string[] = []

/** Adds 25 products named after a stamp of their own, in id order, to export (answers the stamp and the names). */
async function addProducts(): Promise<{ stamp: string; names: string[] }> {
  const stamp = `X${Date.now().toString(36).slice(-6)}${Math.random().toString(36).slice(2, 4)}`
  const names = Array.from({ length: COUNT }, (_, i) => `E2E导出${stamp}-${String(i + 1).padStart(2, '0')}`)
  const firmId = await createFirm(context, `E2E导出公司${stamp}`)
  const imported = await callApi<{ imported: number; errors: unknown[] }>(
    context,
    'POST',
    '/admin/products/import',
    {
      datas: names.map((name) => ({
        firm_id: firmId,
        classify_id: 1,
        classify2_id: 2,
        pclassify_id: 2,
        name,
      })),
    },
  )
  expect(imported.body).toMatchObject({ imported: COUNT, errors: [] })
  return { stamp, names }
}

/** How long a searched list may take to be drawn on a busy machine. */
const DRAWN = { timeout: 10_000 }

/**
 * The product list searched for the products of a stamp: typed as a user searches it, or opened at the
 * searched address (a shared link) by the tests about what comes after.
 */
async function search(stamp: string, { typed = false } = {}): Promise<void> {
  if (typed) {
    await page.goto('/admin/products')
    const filters = page.locator('form#filters-products')
    await filters.locator('#filters-products_keyword').fill(stamp)
    await filters.getByRole('button', { name: zh.actions.search }).click()
    // The search is in the address and the rows shown are its rows (15 a page, 25 in all).
    await page.waitForURL((url) => url.searchParams.get('keyword') === stamp)
  } else await page.goto(`/admin/products?keyword=${stamp}`)
  const rows = page.locator('.ant-table-tbody tr.ant-table-row')
  await expect.poll(() => rows.count(), DRAWN).toBe(15)
  await expect
    .poll(async () => (await rows.allTextContents()).every((text) => text.includes(stamp)), DRAWN)
    .toBe(true)
  // The searched answer is drawn (25 in all): the newest fifteen rows of the list before the search
  // are ours too, and an export clicked while the search is still on its way exports what is shown.
  await expect
    .poll(() => page.locator('.ant-pagination-total-text').textContent(), DRAWN)
    .toMatch(/(^|\D)25(\D|$)/)
}

/** LibreOffice, where it is installed, opens an exported file and reads the same names. */
async function expectLibreOfficeRows(file: string, names: string[]): Promise<void> {
  if (!office) return
  await officeReady
  expect(openedByLibreOffice([file], zh.labels.products.name)).toEqual([names])
}

/** The rows of the product name column of a saved export. */
async function exportedNames(saved: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(saved)
  const sheet = workbook.worksheets[0]
  const nameColumn = (sheet.getRow(1).values as unknown[]).indexOf(zh.labels.products.name)
  const exported: string[] = []
  sheet.eachRow((row, index) => {
    if (index > 1) exported.push(String(row.getCell(nameColumn).value))
  })
  return exported
}

/** Resumes the paused export, waits for its file and its message, and answers where the file is saved. */
async function downloadOnResume(): Promise<string> {
  const resume = page.getByRole('button', { name: zh.actions.resume })
  await resume.waitFor()
  const download = page.waitForEvent('download')
  await resume.click()
  const file = await download
  expect(file.suggestedFilename()).toBe('products.xlsx')
  const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-export-resume-')), 'products.xlsx')
  await file.saveAs(saved)
  await page.getByText(zh.messages.download_success).waitFor()
  await page.unroute(exportRoute)
  return saved
}

describe('export of a filtered list', () => {
  it('searches the list for the products to export', async () => {
    await search((await addProducts()).stamp, { typed: true })
  })

  it('pauses an export, keeps where it stands in IndexedDB and comes back paused after a reload; resumed, it completes with every row exactly once', async () => {
    const { stamp, names } = await addProducts()
    await search(stamp)
    // Page 2 held until the task is paused.
    let releasePage2: () => void = () => undefined
    const page2Held = new Promise<void>((reached) => {
      void page.route(exportRoute, async (route: Route) => {
        const url = smallPages(route)
        expect(url.searchParams.get('layout')).toBe('arrays')
        if (url.searchParams.get('page') === '2') {
          reached()
          await new Promise<void>((release) => {
            releasePage2 = release
          })
        }
        await route.continue({ url: url.toString() })
      })
    })
    await page.getByRole('button', { name: zh.actions.export }).click()
    await page2Held
    await page.getByRole('button', { name: zh.actions.pause }).click()
    releasePage2()
    await page.getByRole('button', { name: zh.actions.resume }).waitFor()
    // The kept task has written page 2 and waits at page 3.
    await expect.poll(async () => ((await keptTask(page)) as { page?: number } | null)?.page).toBe(3)
    await page.unroute(exportRoute)

    await page.reload()
    await page.getByRole('button', { name: zh.actions.resume }).waitFor()
    await snapshot(page, 'export-paused-after-reload')
    expect(downloads).toHaveLength(0)

    await page.route(exportRoute, (route: Route) => route.continue({ url: smallPages(route).toString() }))
    const saved = await downloadOnResume()
    // The filter came back with the task; every row once, in id order.
    expect(await exportedNames(saved), exportRequests.join('\n')).toEqual(names)
    await expect.poll(() => keptTask(page)).toBeNull()
  })

  it('pauses an export when the server is cut off, with a message, then completes it with every row exactly once', async () => {
    const { stamp, names } = await addProducts()
    await search(stamp)
    // The server is cut off at page 3: the task pauses with SPEC §8's message, then completes.
    let cut = false
    await page.route(exportRoute, async (route: Route) => {
      const url = smallPages(route)
      if (url.searchParams.get('page') === '3' && !cut) {
        cut = true
        await route.abort('connectionrefused')
        return
      }
      await route.continue({ url: url.toString() })
    })
    await page.getByRole('button', { name: zh.actions.export }).click()
    await page.getByText(zh.messages.download_error).waitFor()
    const saved = await downloadOnResume()

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(saved)
    const sheet = workbook.worksheets[0]
    expect(sheet.name).toBe('products')
    // Headed by the labels of the list's columns, in the user's language, not by field keys.
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    expect(header).toEqual(
      expect.arrayContaining([zh.labels.products.name, zh.fields.firm_id, zh.fields.is_long_time]),
    )
    expect(header).not.toContain('firm_id')
    expect(await exportedNames(saved), exportRequests.join('\n')).toEqual(names)
    await expect.poll(() => keptTask(page)).toBeNull()
  })

  it('exports the list straight through, the sheet deflated while it is written', async () => {
    const { stamp, names } = await addProducts()
    await search(stamp)
    await page.route(exportRoute, (route: Route) => route.continue({ url: smallPages(route).toString() }))
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: zh.actions.export }).click()
    const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-export-')), 'products-streamed.xlsx')
    await (await download).saveAs(saved)
    await page.unroute(exportRoute)
    expect(await exportedNames(saved)).toEqual(names)
    await expectLibreOfficeRows(saved, names)
  })
})
