import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firms, products } from '../db/schema/index'
import { createTestApp, type TestApp } from '../testing/test-app'

const TOKEN = 'a-control-token-of-forty-characters-long'

describe('POST /local/seed-demo (a local command asking the running server)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ localControlToken: TOKEN })
  })
  afterAll(async () => {
    await t?.close()
  })

  const seedDemo = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/local/seed-demo', headers, remoteAddress })

  it('refuses a missing or wrong token, and any caller but the loopback address', async () => {
    expect((await seedDemo({})).statusCode).toBe(403)
    expect((await seedDemo({ 'x-control-token': `${TOKEN.slice(0, -1)}x` })).statusCode).toBe(403)
    expect((await seedDemo({ 'x-control-token': TOKEN }, '10.1.2.3')).statusCode).toBe(403)
    // a forwarded loopback address does not count: the socket's address decides
    const forwarded = await seedDemo({ 'x-control-token': TOKEN, 'x-forwarded-for': '127.0.0.1' }, '10.1.2.3')
    expect(forwarded.statusCode).toBe(403)
    const [{ total }] = await t.database.db.select({ total: count() }).from(firms)
    expect(total).toBe(0)
  })

  it('adds the demo set for the right token from the loopback address', async () => {
    const answer = await seedDemo({ 'x-control-token': TOKEN })
    expect(answer.statusCode).toBe(200)
    const [{ total }] = await t.database.db.select({ total: count() }).from(products)
    expect(answer.json()).toEqual({ firms: expect.any(Number), products: total })
    expect(total).toBeGreaterThan(0)
  })
})
