import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi, createFirm } from './support/api'
import { launchBrowser, loggedInContext, snapshot, snapshotFailures } from './support/browser'
import { zh } from './support/identity'
import { type RunningServer, startServer } from './support/server'

/**
 * Issue 25 §4–5: the product sale calendar job moving products on their dates (run from the jobs
 * page), and a webhook delivered to a receiver this spec starts, its signature checked. The spec
 * starts its own server: webhooks may call 127.0.0.1 only with WEBHOOK_ALLOW_PRIVATE.
 */

const SERVER_START_MS = 120_000
const stamp = Date.now().toString(36).slice(-5)

interface Received {
  headers: http.IncomingHttpHeaders
  body: string
}

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page
let receiver: http.Server
let receiverUrl = ''
const received: Received[] = []

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      received.push({ headers: request.headers, body })
      response.end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/brokerdesk`
  server = await startServer({ WEBHOOK_ALLOW_PRIVATE: 'true' })
  browser = await launchBrowser()
  context = await loggedInContext(browser, { baseURL: server.baseUrl })
  page = await context.newPage()
}, SERVER_START_MS)
afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.stop()
  await new Promise((resolve) => receiver?.close(resolve))
})

/** A local time as the product form writes it: YYYY-MM-DD HH:mm:ss. */
function localTime(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`
}

async function createProduct(name: string, values: Record<string, unknown>): Promise<number> {
  const firmId = await createFirm(page, `日历${stamp}${name}`, `日历人寿${stamp}${name}`)
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
    name,
    ...values,
  })
  expect(product.status, JSON.stringify(product.body)).toBe(201)
  return product.body.row.id
}

const statusOf = async (id: number) =>
  (await callApi<{ row: { status: number } }>(page, 'GET', `/admin/products/${id}`)).body.row.status

describe('the product sale calendar job', () => {
  snapshotFailures(() => [page])

  it('moves a product to on sale at its release time, run from the jobs page', async () => {
    // Released a moment from now: after the runs the server made at its start (the job applies what
    // came since its last run; closing dates are covered by the server tests), and past by the time
    // the calendar below is shown.
    const releaseAt = new Date(Date.now() + 1500)
    const releasing = await createProduct(`上市险${stamp}`, { status: 0, issue_at: localTime(releaseAt) })

    // The month's calendar shows the release on its day.
    await page.goto('/admin/product-calendar')
    await page.getByRole('link', { name: `上市险${stamp}` }).waitFor()
    await snapshot(page, 'automation-product-calendar-zh')
    expect(await statusOf(releasing)).toBe(0)

    await page.goto('/admin/jobs')
    const row = page.getByRole('row').filter({ hasText: zh.jobs.names['product-sale-calendar'] })
    const runNow = row.getByRole('button', { name: zh.jobs.run_now })
    await runNow.waitFor()
    await page.waitForTimeout(Math.max(0, releaseAt.getTime() + 500 - Date.now()))
    await runNow.click()
    await expect.poll(() => statusOf(releasing), { timeout: 15_000 }).toBe(1)

    // The run log keeps the run.
    await row.getByRole('button', { name: zh.jobs.run_log }).click()
    const drawer = page.getByRole('dialog')
    await drawer.getByText(zh.jobs.outcome.succeeded).first().waitFor()
    await snapshot(page, 'automation-jobs-run-log-zh')
  })
})

describe('webhooks', () => {
  snapshotFailures(() => [page])

  it('delivers a change to the receiver as JSON signed with the secret shown once', async () => {
    await page.goto('/admin/webhooks')
    await page.getByRole('button', { name: zh.webhooks.create }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel(zh.webhooks.name).fill(`接收端${stamp}`)
    await dialog.getByLabel(zh.webhooks.url).fill(receiverUrl)
    await dialog.getByLabel(zh.webhooks.events).click()
    await page.keyboard.type('firms.created')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Escape')
    // antd spaces a two-character Chinese label ("保 存"): the dialog's primary button.
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click()
    const secretDialog = page.getByRole('dialog').filter({ hasText: zh.webhooks.secret_once })
    const secret = ((await secretDialog.locator('.bd-webhooks__secret code').textContent()) ?? '').trim()
    expect(secret).toMatch(/^whsec_/)
    await secretDialog.getByRole('button', { name: zh.webhooks.secret_copied }).click()
    await secretDialog.waitFor({ state: 'detached' })
    // Shown again only masked.
    await page.getByText(`••••••••${secret.slice(-4)}`).waitFor()
    expect(await page.content()).not.toContain(secret)

    await createFirm(page, `钩子${stamp}`)
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(0)
    const [delivery] = received
    const expected = `sha256=${crypto.createHmac('sha256', secret).update(delivery.body).digest('hex')}`
    expect(delivery.headers['x-brokerdesk-signature']).toBe(expected)
    expect(JSON.parse(delivery.body)).toMatchObject({
      event: 'firms.created',
      data: { name: `钩子${stamp}` },
    })

    await page
      .getByRole('row')
      .filter({ hasText: receiverUrl })
      .getByRole('button', { name: zh.webhooks.deliveries })
      .click()
    await page.getByRole('dialog').getByText(zh.webhooks.status.delivered).waitFor()
    await snapshot(page, 'automation-webhook-deliveries-zh')
  })
})
