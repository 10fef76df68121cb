import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

  it('serves the browsable page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect([200, 302]).toContain(response.statusCode)
  })
})
