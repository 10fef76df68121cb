import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logs, pageLayouts, plugins } from '../../db/schema/index'
import { loginAs } from '../../testing/login-as'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { APP_ENV: 'production', APP_KEY: 'p'.repeat(40) } })
})
afterAll(() => t.close())

describe('the developer console in production', () => {
  it('refuses commands and layout saving to the super administrator, through both mounts', async () => {
    const { web, api } = await loginAs(t.app, 1)
    const [before] = await t.app.db.select({ total: count() }).from(logs)
    const calls = [
      { url: '/admin/developments/command', payload: { command: 'migrate' } },
      { url: '/admin/developments/layout', payload: { resource: 'firms', columns: [], fields: [] } },
    ]
    for (const call of calls) {
      for (const [prefix, headers] of [
        ['/web-api', web],
        ['/api', api],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: `${prefix}${call.url}`,
          headers,
          payload: call.payload,
        })
        expect(response.statusCode, `${prefix}${call.url}`).toBe(403)
      }
    }
    const [after] = await t.app.db.select({ total: count() }).from(logs)
    expect(after.total).toBe(before.total)
    expect(await t.app.db.select().from(pageLayouts)).toEqual([])
  })

  it('refuses installing and uninstalling plug-ins to the super administrator', async () => {
    const { api } = await loginAs(t.app, 1)
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/admin/developments/plugins',
        headers: api,
        payload: { name: 'notices' },
      })
      expect(response.statusCode, method).toBe(403)
    }
    expect(await t.app.db.select().from(plugins)).toEqual([])
  })

  it('still shows the console, the tables and the plug-ins', async () => {
    const { api } = await loginAs(t.app, 1)
    for (const url of ['/index', '/tables', '/plugins']) {
      const response = await t.app.inject({ url: `/api/admin/developments${url}`, headers: api })
      expect(response.statusCode, url).toBe(200)
    }
  })
})
