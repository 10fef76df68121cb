import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestS3Server, type TestS3Server } from '../packages/server/src/testing/s3-server'
import { callApi } from './support/api'
import { launchBrowser, loggedInContext, newContext, snapshot, snapshotFailures } from './support/browser'
import { zh } from './support/identity'
import { pngOf } from './support/png'
import { type RunningServer, startServer } from './support/server'

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-uploads-e2e-'))

/**
 * The document of the resumable uploads: 6 MB, three of the browser's 2 MB pieces (CHUNK_BYTES of the
 * web's resumable-upload), which is the way through the code that 30 MB takes, with a fifth of the bytes.
 */
const DOCUMENT_BYTES = 6 * 1024 * 1024
/**
 * The parts the S3 test store gets (S3_PART_KB; at least 5 MB outside testing): 256 KB, so the document
 * goes in 24 parts and a pause leaves whole parts, as 8 MB parts do of 30 MB.
 */
const S3_PART_KB = '256'

/** The document: a "PDF" (the header file-type knows), then bytes that differ everywhere. */
function bigPdf(): string {
  const file = path.join(work, 'policy.pdf')
  if (!fs.existsSync(file)) {
    const body = Buffer.alloc(DOCUMENT_BYTES)
    for (let i = 0; i < body.length; i += 4) body.writeUInt32LE((i * 2654435761) >>> 0, i)
    body.write('%PDF-1.4\n', 0)
    fs.writeFileSync(file, body)
  }
  return file
}

let browser: Browser
let context: BrowserContext | undefined
let page: Page | undefined
snapshotFailures(() => [page])

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await context?.close()
  await browser?.close()
  fs.rmSync(work, { recursive: true, force: true })
})

/** A tab of a new profile logged in as the administrator (of another server than the shared one when told). */
async function openAs(baseURL?: string): Promise<Page> {
  await context?.close()
  context = await loggedInContext(browser, baseURL ? { baseURL } : {})
  page = await context.newPage()
  return page
}

const percentOf = async (p: Page) =>
  Number((await p.locator('.bd-resumable .ant-progress').getAttribute('aria-valuenow')) ?? '0')

/**
 * On the product form: the document is sent slowly (the upload throttled to half of it a second) and
 * paused at some percent. Answers the file and the paused percent, for `resumeAfterReload`.
 */
async function pauseUpload(p: Page): Promise<{ file: string; paused: number }> {
  const file = bigPdf()
  await p.goto('/admin/products/create')
  const cdp = await p.context().newCDPSession(p)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: DOCUMENT_BYTES / 2,
  })
  await p.locator('.bd-resumable input[type=file]').setInputFiles(file)
  await expect.poll(() => percentOf(p), { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(15)
  await p.getByRole('button', { name: zh.upload.pause }).click()
  await p.getByText(zh.upload.state_paused).waitFor()
  const paused = await percentOf(p)
  expect(paused).toBeGreaterThan(0)
  expect(paused).toBeLessThan(100)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await cdp.detach()
  return { file, paused }
}

/**
 * The page of a paused upload reloaded and the same file chosen again: it continues from where it
 * stopped (no new upload is made; its first piece starts at the byte the server had, not below the
 * paused percent) and the stored file has the original's hash.
 */
async function resumeAfterReload(
  p: Page,
  upload: { file: string; paused: number },
  urlPattern: RegExp,
): Promise<void> {
  await p.reload()
  await finishUpload(p, upload, urlPattern, () =>
    p.locator('.bd-resumable input[type=file]').setInputFiles(upload.file),
  )
}

/**
 * Starts the paused upload again by `resume`, and checks that it continues from where it stopped (no new
 * upload is made; after a reload the bar starts again at the byte the server had, and so does the first
 * piece sent, not below the paused percent) and that the stored file has the original's hash.
 */
async function finishUpload(
  p: Page,
  { file, paused }: { file: string; paused: number },
  urlPattern: RegExp,
  resume: () => Promise<void>,
): Promise<void> {
  const sent: { method: string; offset?: string }[] = []
  p.on('request', (request) => {
    if (request.url().includes('/home/upload/tus'))
      sent.push({ method: request.method(), offset: request.headers()['upload-offset'] })
  })
  await resume()
  const seen: number[] = []
  await expect
    .poll(
      async () => {
        const percent = await percentOf(p)
        if (percent > 0) seen.push(percent)
        return percent
      },
      { timeout: 60_000, interval: 50 },
    )
    .toBe(100)
  expect(seen[0]).toBeGreaterThanOrEqual(paused - 7)
  expect(sent.map((one) => one.method)).not.toContain('POST')
  const resumedAt = Number(sent.find((one) => one.method === 'PATCH')?.offset)
  expect((resumedAt / DOCUMENT_BYTES) * 100).toBeGreaterThanOrEqual(paused - 7)
  await p.getByText(zh.upload.state_done).waitFor()
  const link = p.locator('.bd-resumable a[download]')
  const href = String(await link.getAttribute('href'))
  expect(href).toMatch(urlPattern)
  const served = await p.request.get(href)
  expect(served.status()).toBe(200)
  expect(sha256(await served.body())).toBe(sha256(fs.readFileSync(file)))
}

describe('uploads', () => {
  it('avatar: choose, crop, save, reload and see it', async () => {
    const p = await openAs()
    const picture = path.join(work, 'me.png')
    fs.writeFileSync(picture, pngOf(400))
    await p.goto('/admin/personage/index')
    await p.locator('.bd-avatar input[type=file]').setInputFiles(picture)
    const dialog = p.getByRole('dialog', { name: zh.upload.crop_title })
    await dialog.locator('.reactEasyCrop_Container').waitFor()
    await snapshot(p, 'uploads-avatar-crop')
    await dialog.getByRole('slider').press('ArrowRight')
    await dialog.getByRole('button', { name: zh.upload.crop_ok }).click()
    await dialog.waitFor({ state: 'hidden' })
    const saved = p.waitForResponse(
      (r) => r.url().endsWith('/admin/personage/index') && r.request().method() === 'POST',
    )
    await p.locator('form#personage-admin button[type=submit]').click()
    expect((await saved).status()).toBe(200)
    await p.reload()
    const avatar = p.locator('.bd-avatar img')
    await avatar.waitFor()
    const src = String(await avatar.getAttribute('src'))
    expect(src).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[A-Za-z0-9]{32}\.png$/)
    // The cropped square, as stored.
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 })
      .toBe(256)
    await snapshot(p, 'uploads-avatar-saved')
  })

  it('a document pauses, survives a reload and completes, stored as it was sent', async () => {
    const p = await openAs()
    const upload = await pauseUpload(p)
    await resumeAfterReload(p, upload, /^\/uploads\/private\/\d{4}\/\d{2}\/[A-Za-z0-9]{32}\.pdf$/)
    await snapshot(p, 'uploads-resumed')
  }, 150_000)

  it('a fake PNG is refused', async () => {
    const p = await openAs()
    await p.goto('/admin/products/create')
    const fake = path.join(work, 'photo.png')
    fs.writeFileSync(fake, `<html><body><script>alert(1)</script>${'x'.repeat(2000)}</body></html>`)
    const poster = p
      .locator('.ant-form-item')
      .filter({ has: p.locator('.bd-images') })
      .first()
    await poster.locator('input[type=file]').setInputFiles(fake)
    const error = poster.locator('.ant-form-item-explain-error')
    await expect.poll(() => error.textContent(), { timeout: 10_000 }).toContain(zh.messages.upload_error)
    await snapshot(p, 'uploads-fake-png')
  }, 150_000)
})

describe('private documents', () => {
  it('a document of a product is read by its administrators, not by another logged-in user', async () => {
    const p = await openAs()
    const file = path.join(work, 'clauses.pdf')
    fs.writeFileSync(file, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4096, 32)]))
    await p.goto('/admin/products/create')
    await p.locator('.bd-resumable input[type=file]').setInputFiles(file)
    await p.getByText(zh.upload.state_done).waitFor()
    const href = String(await p.locator('.bd-resumable a[download]').getAttribute('href'))
    expect((await p.request.get(href)).status()).toBe(200)

    const stamp = Date.now().toString(36).slice(-5)
    const reader = { uname: `reader${stamp}`, name: '普通用户', password: `reader-${stamp}-pass` }
    const account = await callApi(p, 'POST', '/admin/users', reader)
    expect(account.status, JSON.stringify(account.body)).toBe(201)
    const other = await newContext(browser)
    try {
      const token = (await (await other.request.get('/web-api/open/token')).json())._token as string
      const login = await other.request.post('/web-api/open/login', {
        data: { username: reader.uname, password: reader.password },
        headers: { 'X-CSRF-TOKEN': token },
      })
      expect(login.status()).toBe(200)
      expect((await other.request.get(href)).status()).toBe(404)
    } finally {
      await other.close()
    }
  }, 60_000)
})

describe('uploads to an S3-compatible store', () => {
  let s3: TestS3Server
  let server: RunningServer
  /** Where the store keeps its objects and the parts of unfinished multipart uploads. */
  const bucketFolder = path.join(work, 's3')
  beforeAll(async () => {
    s3 = await startTestS3Server('files', { directory: bucketFolder })
    server = await startServer({ ...s3.env, S3_PART_KB })
  }, 90_000)
  afterAll(async () => {
    await server?.stop()
    await s3?.close()
  })

  it('a document pauses and continues in the bucket, from the parts the bucket holds', async () => {
    const p = await openAs(server.baseUrl)
    const upload = await pauseUpload(p)
    // The paused upload is a multipart upload in the bucket, with whole parts.
    const held = fs.readdirSync(bucketFolder, { recursive: true }).map(String)
    expect(held.filter((name) => /_S3rver_uploads\/[^/]+\/\d+$/.test(name)).length).toBeGreaterThan(0)
    // Continued by its button, without a reload: the browser asks the server where the upload stands
    // (as after a reload, which the test of the local store makes) and the bucket's parts answer.
    // Documents stay private: their address is /uploads/s3/private/...
    await finishUpload(p, upload, /^\/uploads\/s3\/private\/\d{4}\/\d{2}\/[A-Za-z0-9]{32}\.pdf$/, () =>
      p.getByRole('button', { name: zh.upload.continue }).click(),
    )
  }, 150_000)
})
