import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clusterNodes } from '../../db/schema/index'
import { loginAs } from '../../testing/login-as'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { registerNode } from '../cluster/node-registry'

// Local disk is this machine's: with another process on the database, a file must go to object storage.
let t: TestApp
let headers: Record<string, string>
const b64 = (text: string) => Buffer.from(text).toString('base64')

beforeAll(async () => {
  t = await createTestApp({ env: { NODE_ID: 'node-a' } })
  headers = { ...(await loginAs(t.app, 1)).api, language: 'en' }
})
afterAll(() => t.close())

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
)

function upload() {
  const boundary = `----brokerdesk${Date.now()}`
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
  return t.app.inject({
    method: 'POST',
    url: '/api/home/upload/index',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  })
}

const startResumable = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/home/upload/tus',
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-length': '10',
      'upload-metadata': `filename ${b64('a.pdf')},kind ${b64('document')}`,
    },
  })

describe('uploads to local disk with several server processes', () => {
  it('are stored while this process is the only one', async () => {
    expect((await upload()).statusCode).toBe(200)
    expect((await startResumable()).statusCode).toBe(201)
  })

  it('are refused with a clear 409 once another process runs, and stored again once it is gone', async () => {
    await registerNode(t.database.db, { id: 'node-b', address: 'http://127.0.0.1:9' })
    const refused = await upload()
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toMatch(/object storage \(S3\)/)
    expect((await startResumable()).statusCode).toBe(409)
    await t.database.db.delete(clusterNodes).where(eq(clusterNodes.node_id, 'node-b'))
    expect((await upload()).statusCode).toBe(200)
  })
})
