import { createHash, createHmac } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configs, uploads } from '../../db/schema/index'
import { loginAs } from '../../testing/login-as'
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { samplePdf as pdf, tusClient } from '../../testing/tus-client'
import { insertTestUser } from '../auth/insert-test-user'
import { signQiniuToken } from './qiniu-token'

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')
const b64 = (text: string) => Buffer.from(text).toString('base64')

function png(size: number): Buffer {
  const image = new PNG({ width: size, height: size })
  for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 7) % 256
  return PNG.sync.write(image)
}

/** Sends a file in two pieces, asking the server where to continue in between, as after a pause. */
async function uploadInTwo(
  t: TestApp,
  headers: Record<string, string>,
  data: Buffer,
  kind: string,
  name: string,
) {
  const tus = tusClient(t, headers)
  const created = await tus.create(data.length, name, kind)
  expect(created.statusCode, created.body).toBe(201)
  const location = String(created.headers.location)
  expect(location).toMatch(/^\/api\/home\/upload\/tus\/(local|s3)-[A-Za-z0-9]{32}$/)
  const half = Math.floor(data.length / 2)
  expect((await tus.patch(location, 0, data.subarray(0, half))).statusCode).toBe(204)
  const offset = Number((await tus.head(location)).headers['upload-offset'])
  expect(offset).toBe(half)
  const last = await tus.patch(location, offset, data.subarray(offset))
  return { location, last }
}

describe('resumable uploads on local disk', () => {
  let t: TestApp
  let headers: Record<string, string>

  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOAD_QUOTA_MB: '3' } })
    headers = (await loginAs(t.app, 1)).api
  })
  afterAll(() => t.close())

  it('continues from the byte the server has and stores the same bytes', async () => {
    const data = pdf(1200)
    const { last } = await uploadInTwo(t, headers, data, 'document', 'policy.pdf')
    expect(last.statusCode, last.body).toBe(200)
    const stored = last.json()
    expect(stored).toMatchObject({ name: 'policy.pdf', size: data.length, mime: 'application/pdf' })
    expect(stored.url).toMatch(/^\/uploads\/private\/\d{4}\/\d{2}\/[A-Za-z0-9]{32}\.pdf$/)
    const file = path.join(t.dataDir, 'uploads', stored.url.replace('/uploads/', ''))
    expect(sha256(fs.readFileSync(file))).toBe(sha256(data))
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.url, stored.url))
    expect(row).toMatchObject({ provider: 'local', private: true, size: data.length })
    // Nothing of the unfinished upload is left behind.
    expect(fs.readdirSync(path.join(t.dataDir, 'tus'))).toEqual([])
    // A private document: only for logged-in users, and as a download.
    expect((await t.app.inject({ method: 'GET', url: stored.url })).statusCode).toBe(401)
    const served = await t.app.inject({ method: 'GET', url: stored.url, headers })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-disposition']).toBe('attachment')
    expect(sha256(served.rawPayload)).toBe(sha256(data))
    const encoded = stored.url.replace('/private/', '/%70rivate/')
    expect((await t.app.inject({ method: 'GET', url: encoded })).statusCode).not.toBe(200)
  })

  it('refuses and deletes a fake PNG (HTML inside) when its last byte arrives', async () => {
    const fake = Buffer.from(
      `<!doctype html><html><body><script>alert(1)</script>${'x'.repeat(5000)}</body></html>`,
    )
    const { location, last } = await uploadInTwo(t, headers, fake, 'image', 'photo.png')
    expect(last.statusCode).toBe(422)
    expect(last.json().errors.file).toEqual([
      'Only PNG, JPEG, GIF or WebP images and PDF files can be uploaded',
    ])
    expect((await tusClient(t, headers).head(location)).statusCode).toBe(404)
    expect(fs.readdirSync(path.join(t.dataDir, 'tus'))).toEqual([])
    const rows = await t.app.db.select().from(uploads).where(eq(uploads.name, 'photo.png'))
    expect(rows).toEqual([])
  })

  it('holds each kind to its limit from the settings, and to the quota', async () => {
    await t.app.db.update(configs).set({ value: '100' }).where(eq(configs.key, 'upload_image_max_kb'))
    const tus = tusClient(t, headers)
    const big = await tus.create(101 * 1024, 'big.png', 'image')
    expect(big.statusCode).toBe(422)
    expect(big.json().errors.file).toEqual(['The file may not be larger than 100 KB'])
    const image = png(64)
    expect((await uploadInTwo(t, headers, image, 'image', 'small.png')).last.statusCode).toBe(200)
    // A PDF sent as a picture is refused by its content.
    expect((await uploadInTwo(t, headers, pdf(20), 'image', 'a.png')).last.statusCode).toBe(422)
    const user = await insertTestUser(t.app)
    const own = (await loginAs(t.app, user.id)).api
    const over = await tusClient(t, own).create(4 * 1024 * 1024, 'huge.pdf', 'document')
    expect(over.statusCode).toBe(422)
    expect(over.json().errors.file[0]).toContain('3 MB')
    await t.app.db.update(configs).set({ value: '2048' }).where(eq(configs.key, 'upload_image_max_kb'))
  })

  it('lets only the creator continue an upload, and only logged-in users start one', async () => {
    const tus = tusClient(t, headers)
    const created = await tus.create(2000, 'mine.pdf', 'document')
    const location = String(created.headers.location)
    const user = await insertTestUser(t.app)
    const other = tusClient(t, (await loginAs(t.app, user.id)).api)
    expect((await other.head(location)).statusCode).toBe(404)
    expect((await other.patch(location, 0, Buffer.alloc(10))).statusCode).toBe(404)
    expect((await tusClient(t, {}).create(10, 'a.pdf', 'document')).statusCode).toBe(401)
    expect((await tus.head('/api/home/upload/tus/..%2F..%2Fetc')).statusCode).toBe(404)
    const web = await t.app.inject({
      method: 'POST',
      url: '/web-api/home/upload/tus',
      headers: {
        cookie: (await loginAs(t.app, 1)).web.cookie,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
      },
    })
    expect(web.statusCode).toBe(419)
    const withToken = await t.app.inject({
      method: 'POST',
      url: '/web-api/home/upload/tus',
      headers: {
        ...(await loginAs(t.app, 1)).web,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `filename ${b64('a.pdf')},kind ${b64('document')}`,
      },
    })
    expect(withToken.statusCode).toBe(201)
    expect(withToken.headers.location).toMatch(/^\/web-api\/home\/upload\/tus\/local-/)
  })
})

describe('resumable uploads to an S3-compatible store', () => {
  let t: TestApp
  let headers: Record<string, string>
  let s3: TestS3Server

  beforeAll(async () => {
    s3 = await startTestS3Server()
    t = await createTestApp({ env: s3.env })
    headers = (await loginAs(t.app, 1)).api
  })
  afterAll(async () => {
    await t.close()
    await s3.close()
  })

  it('takes a 30 MB document (the e2e sends a smaller one) and refuses one over the 50 MB limit', async () => {
    // A user of its own: the open upload it leaves counts against nobody else's quota.
    const tus = tusClient(t, (await loginAs(t.app, (await insertTestUser(t.app)).id)).api)
    const created = await tus.create(30 * 1024 * 1024, 'policy.pdf', 'document')
    expect(created.statusCode, created.body).toBe(201)
    expect((await tus.create(50 * 1024 * 1024 + 1, 'bigger.pdf', 'document')).statusCode).toBe(413)
  })

  it('ends an upload nothing was sent to yet, and one sent in part', async () => {
    const tus = tusClient(t, headers)
    const empty = String((await tus.create(1000, 'empty.pdf', 'document')).headers.location)
    const ended = await tus.terminate(empty)
    expect(ended.statusCode, ended.body).toBe(204)
    expect((await tus.head(empty)).statusCode).toBe(404)
    const data = png(300)
    const half = String((await tus.create(data.length, 'half.png', 'image')).headers.location)
    expect((await tus.patch(half, 0, data.subarray(0, 6000))).statusCode).toBe(204)
    expect((await tus.terminate(half)).statusCode).toBe(204)
    expect((await tus.head(half)).statusCode).toBe(404)
  })

  it('stores the file in the bucket, serves it by its record, and old local files keep working', async () => {
    const data = png(300)
    const { last } = await uploadInTwo(t, headers, data, 'image', 'poster.png')
    expect(last.statusCode, last.body).toBe(200)
    const stored = last.json()
    expect(stored.url).toMatch(/^\/uploads\/s3\/\d{4}\/\d{2}\/[A-Za-z0-9]{32}\.png$/)
    const served = await t.app.inject({ method: 'GET', url: stored.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(sha256(served.rawPayload)).toBe(sha256(data))
    // Switched to local disk in the settings: new files go there, the S3 one is still served.
    await t.app.db.update(configs).set({ value: 'local' }).where(eq(configs.key, 'upload_provider'))
    const local = await uploadInTwo(t, headers, png(20), 'image', 'logo.png')
    expect(local.last.json().url).toMatch(/^\/uploads\/\d{4}\//)
    expect((await t.app.inject({ method: 'GET', url: stored.url })).statusCode).toBe(200)
    const rows = await t.app.db
      .select({ provider: uploads.provider })
      .from(uploads)
      .where(and(eq(uploads.user_id, 1)))
    expect(rows.map((row) => row.provider).sort()).toEqual(['local', 's3'])
    await t.app.db.update(configs).set({ value: '' }).where(eq(configs.key, 'upload_provider'))
  })
})

describe('GET /open/qi-niu/token', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        QINIU_ACCESS_KEY: 'ak-test',
        QINIU_SECRET_KEY: 'sk-test',
        QINIU_BUCKET: 'brokerdesk',
        QINIU_DOMAIN: 'https://cdn.example.com/',
      },
    })
  })
  afterAll(() => t.close())

  it('signs the put policy with HMAC-SHA1 as Qiniu documents it, for logged-in users only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/open/qi-niu/token' })).statusCode).toBe(401)
    const { api } = await loginAs(t.app, 1)
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/open/qi-niu/token?kind=image',
      headers: api,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    const ticket = answer.json()
    const [accessKey, signature, encodedPolicy] = ticket.token.split(':')
    expect(accessKey).toBe('ak-test')
    const expected = createHmac('sha1', 'sk-test')
      .update(encodedPolicy)
      .digest('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
    expect(signature).toBe(expected)
    const policy = JSON.parse(
      Buffer.from(encodedPolicy.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString(),
    )
    expect(policy.scope).toBe(`brokerdesk:${ticket.key}`)
    expect(policy.fsizeLimit).toBe(2048 * 1024)
    expect(policy.mimeLimit).toBe('image/png;image/jpeg;image/gif;image/webp')
    expect(policy.deadline).toBeGreaterThan(Date.now() / 1000)
    expect(ticket.url).toBe(`https://cdn.example.com/${ticket.key}`)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/open/qi-niu/token?kind=exe', headers: api }))
        .statusCode,
    ).toBe(422)
  })

  it("matches the example of Qiniu's documentation", () => {
    // The documented example: access key MY_ACCESS_KEY, secret key MY_SECRET_KEY.
    const token = signQiniuToken(
      { accessKey: 'MY_ACCESS_KEY', secretKey: 'MY_SECRET_KEY' },
      {
        scope: 'my-bucket:sunflower.jpg',
        deadline: 1451491200,
        returnBody:
          '{"name":$(fname),"size":$(fsize),"w":$(imageInfo.width),"h":$(imageInfo.height),"hash":$(etag)}',
      },
    )
    expect(token.split(':')[2]).toBe(
      'eyJzY29wZSI6Im15LWJ1Y2tldDpzdW5mbG93ZXIuanBnIiwiZGVhZGxpbmUiOjE0NTE0OTEyMDAsInJldHVybkJvZHkiOiJ7XCJuYW1lXCI6JChmbmFtZSksXCJzaXplXCI6JChmc2l6ZSksXCJ3XCI6JChpbWFnZUluZm8ud2lkdGgpLFwiaFwiOiQoaW1hZ2VJbmZvLmhlaWdodCksXCJoYXNoXCI6JChldGFnKX0ifQ==',
    )
    expect(token.split(':')[1]).toBe('wQ4ofysef1R7IKnrziqtomqyDvI=')
  })
})
