import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('draining before shutdown', () => {
  it('answers /readyz with 503 while still serving requests and staying alive', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
    t.app.lifecycle.draining = true
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toMatchObject({ status: 'draining' })
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
      expect((await t.app.inject({ method: 'GET', url: '/web-api/open/menu' })).statusCode).toBe(200)
    } finally {
      t.app.lifecycle.draining = false
    }
  })
})
