import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploads } from '../../db/schema/index'
import { loginAs } from '../../testing/login-as'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { insertTestUser } from '../auth/insert-test-user'

let t: TestApp
let headers: Record<string, string>

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_QUOTA_MB: '1' } })
  headers = (await loginAs(t.app, 1)).api
})
afterAll(() => t.close())

function png(width: number, height: number, noisy = false): Buffer {
  const image = new PNG({ width, height })
  for (let i = 0; i < image.data.length; i++) image.data[i] = noisy ? Math.floor(Math.random() * 256) : 200
  return PNG.sync.write(image)
}

function pdf(kb: number): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(kb * 1024 - 9, 32)])
}

function upload(filename: string, contentType: string, data: Buffer, field = 'file', as = headers) {
  const boundary = `----brokerdesk${Date.now()}`
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`
  return t.app.inject({
    method: 'POST',
    url: '/api/home/upload/index',
    headers: { ...as, language: 'en', 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  })
}

describe('POST /home/upload/index', () => {
  it('stores an image under uploads/yyyy/mm and serves it back', async () => {
    const data = png(16, 16)
    const response = await upload('../../logo.png', 'image/png', data)
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ name: 'logo.png', size: data.length, mime: 'image/png' })
    expect(body.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[A-Za-z0-9]{32}\.png$/)
    expect(fs.existsSync(path.join(t.dataDir, body.url))).toBe(true)
    const served = await t.app.inject({ method: 'GET', url: body.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.headers['content-disposition']).toBeUndefined()
    expect(served.rawPayload.equals(data)).toBe(true)
  })

  it('accepts PDF documents', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    )
    const response = await upload('policy.pdf', 'application/pdf', pdf)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ mime: 'application/pdf', name: 'policy.pdf' })
    expect(response.json().url).toMatch(/\.pdf$/)
  })

  it('serves PDF documents as downloads to logged-in users only, never shown inside the site', async () => {
    const response = await upload('policy.pdf', 'application/pdf', pdf(2))
    expect(response.json().url).toMatch(/^\/uploads\/private\//)
    expect((await t.app.inject({ method: 'GET', url: response.json().url })).statusCode).toBe(401)
    const served = await t.app.inject({ method: 'GET', url: response.json().url, headers })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('application/pdf')
    expect(served.headers['content-disposition']).toBe('attachment')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
  })

  it('judges the type by the content, not the name or the declared type', async () => {
    const disguised = await upload(
      'photo.png',
      'image/png',
      Buffer.from('MZ\x90\x00 this is not an image'.padEnd(300, 'x')),
    )
    expect(disguised.statusCode).toBe(422)
    expect(Object.keys(disguised.json().errors)).toEqual(['file'])
    const text = await upload('notes.pdf', 'application/pdf', Buffer.from('just some text'))
    expect(text.statusCode).toBe(422)
  })

  it('refuses images over 2048 KB and files over 20480 KB (one request)', async () => {
    const big = png(900, 900, true)
    expect(big.length).toBeGreaterThan(2048 * 1024)
    const image = await upload('big.png', 'image/png', big)
    expect(image.statusCode).toBe(422)
    expect(image.json().errors.file[0]).toContain('2048')
    const huge = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20481 * 1024, 32)])
    const pdf = await upload('huge.pdf', 'application/pdf', huge)
    expect(pdf.statusCode).toBe(422)
    expect(pdf.json().errors.file[0]).toContain('20480')
  })

  it('needs a file field and a logged-in user', async () => {
    expect((await upload('a.png', 'image/png', png(2, 2), 'picture')).statusCode).toBe(422)
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/home/upload/index',
      headers,
      payload: { file: 'x' },
    })
    expect(json.statusCode).toBe(422)
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/home/upload/index', payload: {} })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('the upload quota (1 MB in these tests)', () => {
  const loggedInUser = async () => {
    const user = await insertTestUser(t.app)
    return { id: user.id, headers: (await loginAs(t.app, user.id)).api }
  }

  it('counts the bytes each user stores and refuses a file that does not fit', async () => {
    const user = await loggedInUser()
    expect((await upload('a.pdf', 'application/pdf', pdf(600), 'file', user.headers)).statusCode).toBe(200)
    const over = await upload('b.pdf', 'application/pdf', pdf(600), 'file', user.headers)
    expect(over.statusCode).toBe(422)
    expect(over.json().errors.file).toEqual([
      'This file does not fit in your upload space of 1 MB (0.6 MB used)',
    ])
    expect((await upload('c.pdf', 'application/pdf', pdf(300), 'file', user.headers)).statusCode).toBe(200)
    const stored = await t.app.db.select().from(uploads).where(eq(uploads.user_id, user.id))
    expect(stored.map((row) => row.size).sort()).toEqual([300 * 1024, 600 * 1024])
    const other = await loggedInUser()
    expect((await upload('d.pdf', 'application/pdf', pdf(600), 'file', other.headers)).statusCode).toBe(200)
  })

  it('lets only one of two uploads at once take the last space', async () => {
    const user = await loggedInUser()
    const answers = await Promise.all([
      upload('e.pdf', 'application/pdf', pdf(600), 'file', user.headers),
      upload('f.pdf', 'application/pdf', pdf(600), 'file', user.headers),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422])
  })
})
