import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { callApi, createFirm, createProduct } from './support/api'
import { launchBrowser, loggedInContext, newContext, snapshot, snapshotFailures } from './support/browser'
import { logIn, say, seeAlertAfter, zh } from './support/identity'
import { pngOf } from './support/png'
import { E2E_ADMIN_PASSWORD } from './support/server'
import { sharedServer } from './support/shared-server'

const messages = zh.validations.messages

const stamp = Date.now().toString(36).slice(-5)
const names = {
  bank: `E2E银行${stamp}`,
  firm: `E2E保险${stamp}`,
  refused: `E2E拒收${stamp}`,
  classify: `E2E一级${stamp}`,
  classify2: `E2E二级${stamp}`,
  product: `E2E产品${stamp}`,
  found: `E2E找到${stamp}`,
}

let browser: Browser
/** Each test's own profile, logged in as the administrator, and its tab. */
let context: BrowserContext
let page: Page
snapshotFailures(() => [page])

beforeAll(async () => {
  browser = await launchBrowser()
})
beforeEach(async () => {
  context = await loggedInContext(browser)
  page = await context.newPage()
})
afterEach(() => context?.close())
afterAll(() => browser?.close())

const form = (resource: string) => page.locator(`form#resource-${resource}`)
const item = (resource: string, label: string) =>
  form(resource)
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) })
const errorOf = (resource: string, label: string) =>
  item(resource, label).locator('.ant-form-item-explain-error')

/** Opens an antd select and picks the option whose title is `title`. */
async function choose(select: Locator, title: string): Promise<void> {
  await select.locator('.ant-select').first().click()
  await page.keyboard.type(title)
  await page.locator(`.ant-select-dropdown:visible [title="${title}"]`).first().click()
  // A multiple select stays open after a choice: leave it by clicking the page title.
  await page.getByRole('heading', { level: 1 }).click()
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' })
  // The choice shows in the select (a click during the dropdown's animation may not have landed).
  await select.locator('.ant-select').first().getByText(title, { exact: true }).first().waitFor()
}

/** Waits until the lists and forms on the page have loaded. */
async function settled(): Promise<void> {
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' })
}

async function save(resource: string, listed: string): Promise<void> {
  await form(resource).locator('button[type=submit]').click()
  // Back on the list, as it was left (its filters in the address).
  await page.waitForURL((url) => url.pathname === `/admin/${resource}`)
  // By its text: in a tree list the name's cell also holds the expand button (named "expand row").
  const exactly = new RegExp(`^${listed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
  await page.locator('.ant-table-tbody td', { hasText: exactly }).first().waitFor()
}

/** A new insurance company's form, opened at its address, with its names and website filled. */
async function newFirmForm(name: string, website: string): Promise<Locator> {
  await page.goto('/admin/firms/create')
  const firms = form('firms')
  await firms.waitFor()
  await firms.locator('#resource-firms_name').fill(name)
  await firms.locator('#resource-firms_full_name').fill(`${name}有限公司`)
  await firms.locator('#resource-firms_url').fill(website)
  return firms
}

/**
 * Fills and saves a new record's form: opened from the list's create link when `fromList`, else at its
 * address (the link is the bank's test; a list before the form is a page load more).
 */
async function createRecord(
  resource: string,
  fill: () => Promise<void>,
  listed: string,
  { fromList = false } = {},
): Promise<void> {
  if (fromList) {
    await page.goto(`/admin/${resource}`)
    await page.getByRole('link', { name: zh.actions.create }).click()
    await page.waitForURL(`**/admin/${resource}/create`)
  } else await page.goto(`/admin/${resource}/create`)
  await form(resource).waitFor()
  await fill()
  await save(resource, listed)
}

describe('the catalogue', () => {
  it('logs the administrator in on the login page', async () => {
    await context.close()
    context = await newContext(browser)
    page = await context.newPage()
    await page.goto('/admin/firms')
    await page.waitForURL(/\/open\/login\?redirect=%2Fadmin%2Ffirms/)
    await logIn(page, 'admin', E2E_ADMIN_PASSWORD)
    await page.waitForURL('**/admin/firms')
    await page.locator('.ant-table').waitFor()
  })

  it("creates a bank from the list's create link", async () => {
    // The alert is watched for from the start: it closes after three seconds, which the list after the
    // save could take on a busy machine.
    await seeAlertAfter(page, say(zh.messages.success, { action: zh.actions.create }), () =>
      createRecord(
        'banks',
        async () => {
          await form('banks').locator('#resource-banks_name').fill(names.bank)
          await form('banks').locator('#resource-banks_full_name').fill(`${names.bank}股份有限公司`)
        },
        names.bank,
        { fromList: true },
      ),
    )
  })

  it('refuses wrong logos under their field: not a picture, too large, a picture by its name only', async () => {
    await page.goto('/admin/firms/create')
    const firms = form('firms')
    await firms.waitFor()
    const logoInput = item('firms', zh.fields.logo).locator('input[type=file]')
    await logoInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    })
    await errorOf('firms', zh.fields.logo)
      .getByText(say(messages.image, { field: zh.fields.logo }))
      .waitFor()
    const large = Buffer.concat([pngOf(4), Buffer.alloc(2100 * 1024)])
    await logoInput.setInputFiles({ name: 'large.png', mimeType: 'image/png', buffer: large })
    await errorOf('firms', zh.fields.logo)
      .getByText(say(messages.size, { field: zh.fields.logo, size: 2048 }))
      .waitFor()
    // Named and typed as a picture, but not one: the server's 422 shows under the field.
    await logoInput.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('plain text'),
    })
    await errorOf('firms', zh.fields.logo).getByText('只能上传').waitFor()
  })

  it('refuses a wrong website under its field, and saves nothing', async () => {
    const firms = await newFirmForm(names.refused, 'www.example.com')
    await errorOf('firms', zh.fields.url)
      .getByText(say(messages.url, { field: zh.fields.url }))
      .waitFor()

    const sent: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/web-api/admin/firms')
        sent.push(request.url())
    })
    await firms.locator('button[type=submit]').click()
    // The refused save takes the focus to its first error (the website), without sending the form.
    await expect
      .poll(() => firms.locator('#resource-firms_url').evaluate((input) => input === document.activeElement))
      .toBe(true)
    expect(sent).toEqual([])
    expect(new URL(page.url()).pathname).toBe('/admin/firms/create')
    const answer = await page.request.get(
      `/web-api/admin/firms/list?name=${encodeURIComponent(names.refused)}`,
    )
    expect((await answer.json()).data).toEqual([])
  })

  it('creates an insurance company supporting a bank, with a logo', async () => {
    const bank = await callApi(context, 'POST', '/admin/banks', {
      name: names.bank,
      full_name: `${names.bank}股份有限公司`,
    })
    expect(bank.status, JSON.stringify(bank.body)).toBe(201)
    await newFirmForm(names.firm, 'https://e2e.example.com')
    await item('firms', zh.fields.logo)
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngOf(16) })
    await item('firms', zh.fields.logo).locator('img[src^="/uploads/"]').waitFor()
    expect(await errorOf('firms', zh.fields.logo).count()).toBe(0)
    await choose(item('firms', zh.fields.bank_ids), names.bank)
    await snapshot(page, 'catalogue-firm-edit-zh')
    await save('firms', names.firm)
    const row = page.getByRole('row').filter({ hasText: names.firm })
    await row.locator('img[src^="/uploads/"]').waitFor()
    await settled()
    await snapshot(page, 'catalogue-firms-zh')
    const answer = await page.request.get(`/web-api/admin/firms/list?name=${encodeURIComponent(names.firm)}`)
    const [firm] = (await answer.json()).data
    expect(firm).toMatchObject({ url: 'https://e2e.example.com' })
    expect(firm.bank_ids).toHaveLength(1)
  })

  it('creates a top-level classification', async () => {
    await createRecord(
      'classifys',
      async () => {
        await form('classifys').locator('#resource-classifys_name').fill(names.classify)
      },
      names.classify,
    )
  })

  it('creates a classification under another, chosen in the parent select', async () => {
    const parentName = `${names.classify}父`
    const parent = await callApi<{ row: { id: number } }>(context, 'POST', '/admin/classifys', {
      name: parentName,
    })
    expect(parent.status, JSON.stringify(parent.body)).toBe(201)
    await createRecord(
      'classifys',
      async () => {
        await form('classifys').locator('#resource-classifys_name').fill(names.classify2)
        const parentItem = item('classifys', zh.fields.parent_id)
        await parentItem.locator('.ant-select').click()
        await page.keyboard.type(parentName)
        await page.locator(`.ant-select-dropdown:visible [title="${parentName}"]`).first().click()
      },
      // The tree list shows the new one under its parent, folded.
      parentName,
    )
    const child = await callApi<{ data: { name: string; parent_id: number }[] }>(
      context,
      'GET',
      `/admin/classifys/list?keyword=${encodeURIComponent(names.classify2)}`,
    )
    expect(child.body.data.find((row) => row.name === names.classify2)).toMatchObject({
      parent_id: parent.body.row.id,
    })
  })

  it("fills a new product's company, classifications and group from their records, saves it and lists it", async () => {
    const firm = `${names.firm}品`
    const [, first] = await Promise.all([
      createFirm(context, firm),
      callApi<{ row: { id: number } }>(context, 'POST', '/admin/classifys', { name: `${names.classify}品` }),
    ])
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    const second = await callApi(context, 'POST', '/admin/classifys', {
      name: `${names.classify2}品`,
      parent_id: first.body.row.id,
    })
    expect(second.status, JSON.stringify(second.body)).toBe(201)
    // The list's create link has tests of its own (the firms'): straight to the form.
    await page.goto('/admin/products/create')
    const products = form('products')
    await products.waitFor()
    await products.locator('#resource-products_name').fill(names.product)
    await choose(item('products', zh.fields.firm_id), firm)
    await choose(item('products', zh.fields.classify_id), `${names.classify}品`)
    await choose(item('products', zh.fields.classify2_id), `${names.classify2}品`)
    await choose(item('products', zh.fields.pclassify_id), '成人保障')
    await snapshot(page, 'catalogue-product-edit-zh')
    await save('products', names.product)
  })

  /** The product form of a new product, its name typed (the form is changed). */
  async function draftProduct(name: string) {
    await page.goto('/admin/products/create')
    const products = form('products')
    await products.waitFor()
    await products.locator('#resource-products_name').fill(name)
    return products
  }

  it('keeps a typed date on Enter without submitting', async () => {
    const products = await draftProduct(`${names.product}日期`)
    const stop = products.locator('#resource-products_stop_at')
    await stop.click()
    await stop.fill('2031-06-30')
    await page.keyboard.press('Enter')
    await expect.poll(() => stop.inputValue()).toBe('2031-06-30')
    // no submission: still here, and the required company shows no error
    expect(page.url()).toContain('/admin/products/create')
    expect(await errorOf('products', zh.fields.firm_id).count()).toBe(0)
  })

  it('scrolls a failed save to its first error, below the sticky header', async () => {
    const products = await draftProduct(`${names.product}滚动`)
    // Saved from the bottom of the form, through the bar that stays in view: the page goes up to
    // the first error (the company), which shows below the sticky header with its label.
    await products.locator('.bd-form-bar').getByText(zh.forms.unsaved).waitFor()
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await products.locator('.bd-form-bar button[type=submit]').click()
    await errorOf('products', zh.fields.firm_id).waitFor()
    const header = await page.locator('.bd-admin__header').boundingBox()
    const firm = item('products', zh.fields.firm_id)
    await expect
      .poll(async () => (await firm.boundingBox())?.y ?? -1)
      .toBeGreaterThanOrEqual(header?.height ?? 64)
    expect(await firm.locator('label').isVisible()).toBe(true)
    expect(page.url()).toContain('/admin/products/create')
  })

  it('asks before leaving a changed form: stays on cancel, leaves on confirm', async () => {
    const draft = `${names.product}草稿`
    const products = await draftProduct(draft)
    await products
      .locator('.bd-form-bar')
      .getByRole('button', { name: /取\s*消/ })
      .click()
    const dialog = page.getByRole('dialog', { name: zh.forms.leave_title })
    await dialog.getByText(zh.forms.leave_text).waitFor()
    await dialog.getByRole('button', { name: /取\s*消/ }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(page.url()).toContain('/admin/products/create')
    expect(await products.locator('#resource-products_name').inputValue()).toBe(draft)

    await page.locator('.bd-admin__breadcrumb a').first().click()
    await dialog.waitFor()
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/admin/products/create'))
  })

  /** The rows of the product list. */
  const listRows = () => page.locator('.ant-table-tbody tr.ant-table-row')
  const LIST = { timeout: 10_000 }

  /** The other product of a company of `productsToFind`, which a keyword of the first leaves out. */
  const otherThan = (name: string) => name.replace('E2E找到', '其他')

  /** A company of its own with two products, `name` and its other one; answers the company's name and id. */
  async function productsToFind(name: string): Promise<{ firm: string; firmId: number }> {
    const firm = `${name}公司`
    const firmId = await createFirm(context, firm)
    await createProduct(context, { name, firm_id: firmId })
    await createProduct(context, { name: otherThan(name), firm_id: firmId })
    return { firm, firmId }
  }

  /** The product list filtered by a keyword and a company, as the address keeps a list's filters. */
  async function openFiltered(keyword: string, firmId: number): Promise<void> {
    await page.goto(`/admin/products?keyword=${encodeURIComponent(keyword)}&firm_id=${firmId}`)
    await expect.poll(() => listRows().count(), LIST).toBe(1)
  }

  it('finds a product through two filters, a keyword and its company', async () => {
    const { firm } = await productsToFind(names.found)
    // Another company's product of the same keyword, which the company filter leaves out.
    await createProduct(context, {
      name: `${names.found}外`,
      firm_id: await createFirm(context, `${firm}外`),
    })
    await page.goto('/admin/products')
    const filters = page.locator('form#filters-products')
    await filters.locator('#filters-products_keyword').fill(names.found)
    await choose(
      filters.locator('.ant-form-item').filter({ has: page.locator(`label[title="${zh.fields.firm_id}"]`) }),
      firm,
    )
    await filters.locator('button[type=submit]').click()
    await expect.poll(() => listRows().count(), LIST).toBe(1)
    await page.getByRole('cell', { name: names.found, exact: true }).waitFor()
    await settled()
    await snapshot(page, 'catalogue-products-zh')
  })

  it('edits a product from a filtered list, and the list comes back as it was left', async () => {
    const found = `${names.found}编`
    const { firmId } = await productsToFind(found)
    // A keyword that the product's name keeps after the edit below.
    const keyword = found
    await openFiltered(keyword, firmId)
    await page.getByRole('row').filter({ hasText: found }).getByRole('link').first().click()
    await page.waitForURL(/\/admin\/products\/\d+$/)
    const name = form('products').locator('#resource-products_name')
    await expect.poll(() => name.inputValue()).toBe(found)
    await name.fill(`${found}改`)
    await save('products', `${found}改`)
    // Still filtered.
    expect(await page.locator('form#filters-products #filters-products_keyword').inputValue()).toBe(keyword)
    await expect.poll(() => listRows().count(), LIST).toBe(1)
  })

  it('exports the filtered list to a sheet', async () => {
    const found = `${names.found}出`
    const { firmId } = await productsToFind(found)
    await openFiltered(found, firmId)
    const download = page.waitForEvent('download')
    await seeAlertAfter(page, zh.messages.download_success, () =>
      page.getByRole('button', { name: zh.actions.export }).click(),
    )
    const file = await download
    expect(file.suggestedFilename()).toBe('products.xlsx')
    const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-export-')), 'products.xlsx')
    await file.saveAs(saved)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(saved)
    const sheet = workbook.worksheets[0]
    expect(sheet.name).toBe('products')
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    const nameColumn = header.indexOf(zh.labels.products.name) + 1
    const exported: unknown[] = []
    sheet.eachRow((row, index) => {
      if (index > 1) exported.push(row.getCell(nameColumn).value)
    })
    expect(exported).toEqual([found])
  })

  it('deletes a product from the list', async () => {
    const found = `${names.found}删`
    const { firmId } = await productsToFind(found)
    await openFiltered(found, firmId)
    const row = page.getByRole('row').filter({ hasText: found })
    await row.getByRole('button', { name: new RegExp(zh.actions.delete) }).click()
    await seeAlertAfter(page, say(zh.messages.success, { action: zh.actions.delete }), () =>
      page.locator('.ant-popconfirm:visible').getByRole('button').last().click(),
    )
    await expect.poll(() => page.getByRole('cell', { name: found, exact: true }).count()).toBe(0)
    const left = await callApi<{ data: { name: string }[] }>(
      context,
      'GET',
      `/admin/products/list?firm_id=${firmId}`,
    )
    expect(left.body.data.map((product) => product.name)).toEqual([otherThan(found)])
  })

  // Each page in English (the Language cookie), with a picture of it: a test each, one page load each.
  for (const [picture, url] of [
    ['firms', '/admin/firms'],
    ['firm-edit', '/admin/firms/create'],
    ['products', '/admin/products'],
    ['product-edit', '/admin/products/create'],
  ]) {
    it(`shows ${url} in English too`, async () => {
      await context.addCookies([{ name: 'Language', value: 'en', url: sharedServer().baseUrl }])
      await page.goto(url)
      await page.locator('.ant-table, form[id^="resource-"]').first().waitFor()
      await settled()
      expect(await page.getAttribute('html', 'lang')).toBe('en')
      await snapshot(page, `catalogue-${picture}-en`)
    })
  }
})
