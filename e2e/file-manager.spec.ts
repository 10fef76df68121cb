import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { callApi, createFirm, uploadFile } from './support/api'
import { launchBrowser, loggedInContext, snapshotFailures } from './support/browser'
import { zh } from './support/identity'
import { pngOf } from './support/png'

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

/** Stores a PNG as the administrator; answers its url. */
const uploadPng = (name: string, size: number) =>
  uploadFile(context, { name, mimeType: 'image/png', buffer: pngOf(size) })

/**
 * Stores two pictures named after a stamp of their own and uses one as a new company's logo: the
 * files a test of the file manager looks at.
 */
async function storeTwoPictures() {
  const stamp = `F${Date.now().toString(36).slice(-6)}${Math.random().toString(36).slice(2, 5)}`
  const files = {
    stamp,
    used: `${stamp}-logo.png`,
    free: `${stamp}-free.png`,
    firm: `E2E文件公司${stamp}`,
    usedUrl: await uploadPng(`${stamp}-logo.png`, 48),
    freeUrl: await uploadPng(`${stamp}-free.png`, 40),
  }
  const firmId = await createFirm(context, files.firm)
  expect((await callApi(context, 'PUT', `/admin/firms/${firmId}`, { logo: files.usedUrl })).status).toBe(200)
  return files
}

/** The list's row of a file, by its name. */
const rowOf = (name: string) => page.locator('.ant-table-row').filter({ hasText: name })

/** The file manager searched for the files of one stamp. */
async function openFilesOf(stamp: string): Promise<void> {
  await page.goto('/admin/uploads')
  await page.getByLabel(zh.fields.file_name).fill(stamp)
  await page.locator('form#filters-uploads').getByRole('button', { name: zh.actions.search }).click()
  await expect.poll(() => page.locator('.ant-table-row').count()).toBe(2)
}

describe('the file manager', () => {
  it('lists the files with their previews and where they are used', async () => {
    const files = await storeTwoPictures()
    await openFilesOf(files.stamp)
    const used = rowOf(files.used)
    await used.getByRole('link', { name: files.firm }).waitFor()
    expect(await used.getByRole('img').count()).toBe(1)
    await rowOf(files.free).getByText(zh.file_manager.unused).waitFor()
  })

  it('refuses to delete a file in use', async () => {
    const files = await storeTwoPictures()
    await openFilesOf(files.stamp)
    await rowOf(files.used)
      .getByRole('button', { name: new RegExp(zh.actions.delete) })
      .click()
    await page.locator('.ant-popconfirm .ant-btn-primary').click()
    await page.getByText(`${files.used}”仍在使用中`, { exact: false }).first().waitFor()
    expect(await rowOf(files.used).count()).toBe(1)
    expect((await page.request.get(files.usedUrl)).status()).toBe(200)
  })

  it('deletes an unused file with its bytes', async () => {
    const files = await storeTwoPictures()
    await openFilesOf(files.stamp)
    await rowOf(files.free)
      .getByRole('button', { name: new RegExp(zh.actions.delete) })
      .click()
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click()
    await expect.poll(() => rowOf(files.free).count(), { timeout: 10_000 }).toBe(0)
    expect((await page.request.get(files.freeUrl)).status()).toBe(404)
    expect((await page.request.get(files.usedUrl)).status()).toBe(200)
  })

  it('shows each owner’s quota and usage', async () => {
    await uploadPng(`Q${Date.now().toString(36)}-quota.png`, 32)
    await page.goto('/admin/uploads')
    await page.getByRole('button', { name: zh.file_manager.usage }).click()
    const drawer = page.locator('.ant-drawer')
    await drawer.getByText(zh.file_manager.usage_title).waitFor()
    await drawer.locator('.ant-table-row').first().waitFor()
    expect(await drawer.locator('.ant-progress').count()).toBeGreaterThan(0)
  })
})
