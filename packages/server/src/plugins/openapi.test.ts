import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertTestUser } from '../modules/auth/insert-test-user'
import { loginAs } from '../testing/login-as'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the OpenAPI document', () => {
  it('documents the /api routes with their parameters and bodies', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const document = response.json()
    expect(document.openapi).toBe('3.0.3')
    const list = document.paths['/api/admin/products/list'].get
    expect(list.tags).toEqual(['products'])
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'per_page', 'sort', 'keyword', 'status', 'status_not']),
    )
    const create = document.paths['/api/admin/firms'].post
    const schema = create.requestBody.content['application/json'].schema
    expect(schema.properties).toHaveProperty('bank_ids')
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'full_name']))
    expect(Object.keys(document.paths).some((path) => path.startsWith('/web-api'))).toBe(false)
  })

  it('serves the browsable page, to anybody outside production', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect([200, 302]).toContain(response.statusCode)
  })
})

describe('the OpenAPI document in production', () => {
  // The gate reads the environment per request: the file's app is switched to production for these
  // tests rather than seeding a second database.
  beforeAll(() => {
    t.app.config.env = 'production'
  })
  afterAll(() => {
    t.app.config.env = 'testing'
  })

  const read = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })

  it('is refused to visitors and to users who are not administrators', async () => {
    expect((await read('/api/docs/json')).statusCode).toBe(401)
    expect((await read('/api/docs')).statusCode).toBe(401)
    const user = await insertTestUser(t.app)
    const { api, token } = await loginAs(t.app, user.id)
    expect((await read('/api/docs/json', api)).statusCode).toBe(403)
    expect((await read('/api/docs/json', { cookie: `Authorization=${token}` })).statusCode).toBe(403)
  })

  it('is served to a logged-in administrator, by bearer token or by the session cookie', async () => {
    const { api, token } = await loginAs(t.app, 1)
    const byToken = await read('/api/docs/json', api)
    expect(byToken.statusCode).toBe(200)
    expect(byToken.json().paths).toHaveProperty('/api/admin/firms')
    expect((await read('/api/docs/json', { cookie: `Authorization=${token}` })).statusCode).toBe(200)
    expect([200, 302]).toContain((await read('/api/docs', api)).statusCode)
  })
})
