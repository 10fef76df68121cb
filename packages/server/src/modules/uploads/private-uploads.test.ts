import { METHOD_BITS } from '@brokerdesk/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploads } from '../../db/schema/index'
import { insertLimitedAdmin } from '../../resource/testing/factories'
import { loginAs } from '../../testing/login-as'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { samplePdf, tusClient } from '../../testing/tus-client'
import { insertTestUser } from '../auth/insert-test-user'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const headersOf = async (userId: number) => (await loginAs(t.app, userId)).api
const newUser = async () => headersOf((await insertTestUser(t.app)).id)
const adminHolding = async (grants: Array<{ url: string; method: number }>) =>
  headersOf((await insertLimitedAdmin(t.app.db, grants)).user.id)
const read = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers })

/** A PDF sent whole through the resumable upload, as the SPA's file input sends it; its answer. */
async function uploadDocument(headers: Record<string, string>, metadata: Record<string, string> = {}) {
  const tus = tusClient(t, headers)
  const data = samplePdf(20)
  const created = await tus.create(data.length, 'policy.pdf', 'document', metadata)
  if (created.statusCode !== 201) return created
  return tus.patch(String(created.headers.location), 0, data)
}

describe('private documents', () => {
  it('are not served to another logged-in user, nor to an administrator of nothing they belong to', async () => {
    const owner = await newUser()
    const stored = await uploadDocument(owner)
    expect(stored.statusCode, stored.body).toBe(200)
    const { url } = stored.json()
    expect((await read(url, owner)).statusCode).toBe(200)
    expect((await read(url, await newUser())).statusCode).toBe(404)
    const clerk = await adminHolding([{ url: '/admin/products/list', method: METHOD_BITS.get }])
    expect((await read(url, clerk)).statusCode).toBe(404)
  })

  it('uploaded for a resource, are served to the administrators whose roles hold it', async () => {
    const writer = await adminHolding([{ url: '/admin/products', method: METHOD_BITS.post }])
    const stored = await uploadDocument(writer, { resource: 'products' })
    expect(stored.statusCode, stored.body).toBe(200)
    const { url } = stored.json()
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.url, url))
    expect(row.resource).toBe('products')
    expect((await read(url, writer)).statusCode).toBe(200)
    const reader = await adminHolding([{ url: '/admin/products/{id}', method: METHOD_BITS.get }])
    expect((await read(url, reader)).statusCode).toBe(200)
    expect((await read(url, await headersOf(1))).statusCode).toBe(200)
    const other = await adminHolding([{ url: '/admin/firms/list', method: METHOD_BITS.get }])
    expect((await read(url, other)).statusCode).toBe(404)
    expect((await read(url, await newUser())).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401)
  })

  it('can be declared for a resource only by those who may write its records', async () => {
    for (const headers of [
      await newUser(),
      await adminHolding([{ url: '/admin/products/list', method: METHOD_BITS.get }]),
    ]) {
      const refused = await uploadDocument(headers, { resource: 'products' })
      expect(refused.statusCode).toBe(422)
      expect(refused.json().errors.file).toEqual(['You may not upload files for this resource'])
    }
    const unknown = await uploadDocument(await headersOf(1), { resource: '../configs' })
    expect(unknown.statusCode).toBe(422)
  })
})
