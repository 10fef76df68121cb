import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi, createFirm } from './support/api'
import { launchBrowser, newContext, snapshotFailures } from './support/browser'
import { logIn, zh } from './support/identity'
import { pngOf } from './support/png'
import { E2E_ADMIN_PASSWORD } from './support/server'

const stamp = `F${Date.now().toString(36).slice(-6)}`

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

/** Uploads a PNG from inside the page (the SPA's upload route, the session's CSRF token); answers its url. */
function uploadPng(name: string, size: number): Promise<string> {
  return page.evaluate(
    async ({ name, bytes }) => {
      const token = (await (await fetch('/web-api/open/token')).json())._token as string
      const form = new FormData()
      form.append('file', new File([new Uint8Array(bytes)], name, { type: 'image/png' }))
      const response = await fetch('/web-api/home/upload/index', {
        method: 'POST',
        headers: { 'X-CSRF-TOKEN': token, Accept: 'application/json' },
        body: form,
      })
      return ((await response.json()) as { url: string }).url
    },
    { name, bytes: [...pngOf(size)] },
  )
}

/** The list's row of a file, by its name. */
const rowOf = (name: string) => page.locator('.ant-table-row').filter({ hasText: name })

// One flow in steps (each step starts where the one before left the tab).
describe('the file manager', () => {
  let usedUrl = ''
  let freeUrl = ''
  const firmName = `E2E文件公司${stamp}`

  it('logs in, stores two pictures and uses one as a company logo', async () => {
    await page.goto('/open/login')
    await logIn(page, 'admin', E2E_ADMIN_PASSWORD)
    usedUrl = await uploadPng(`${stamp}-logo.png`, 48)
    freeUrl = await uploadPng(`${stamp}-free.png`, 40)
    const firmId = await createFirm(page, firmName)
    expect((await callApi(page, 'PUT', `/admin/firms/${firmId}`, { logo: usedUrl })).status).toBe(200)
  })

  it('lists the files with their previews and where they are used', async () => {
    await page.goto('/admin/uploads')
    await page.getByLabel(zh.fields.file_name).fill(stamp)
    await page.locator('form#filters-uploads').getByRole('button', { name: zh.actions.search }).click()
    await rowOf(`${stamp}-free.png`).waitFor()
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(2)
    const used = rowOf(`${stamp}-logo.png`)
    await used.getByRole('link', { name: firmName }).waitFor()
    expect(await used.getByRole('img').count()).toBe(1)
    await rowOf(`${stamp}-free.png`).getByText(zh.file_manager.unused).waitFor()
  })

  it('refuses to delete a file in use, and deletes an unused one with its bytes', async () => {
    await rowOf(`${stamp}-logo.png`)
      .getByRole('button', { name: new RegExp(zh.actions.delete) })
      .click()
    await page.locator('.ant-popconfirm .ant-btn-primary').click()
    await page.getByText(`${stamp}-logo.png”仍在使用中`, { exact: false }).first().waitFor()
    expect(await rowOf(`${stamp}-logo.png`).count()).toBe(1)

    await rowOf(`${stamp}-free.png`)
      .getByRole('button', { name: new RegExp(zh.actions.delete) })
      .click()
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click()
    await expect.poll(() => rowOf(`${stamp}-free.png`).count()).toBe(0)
    expect((await page.request.get(freeUrl)).status()).toBe(404)
    expect((await page.request.get(usedUrl)).status()).toBe(200)
  })

  it('shows each owner’s quota and usage', async () => {
    await page.getByRole('button', { name: zh.file_manager.usage }).click()
    const drawer = page.locator('.ant-drawer')
    await drawer.getByText(zh.file_manager.usage_title).waitFor()
    await drawer.locator('.ant-table-row').first().waitFor()
    expect(await drawer.locator('.ant-progress').count()).toBeGreaterThan(0)
  })
})
