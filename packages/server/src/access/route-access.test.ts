import { methodBitOf } from '@brokerdesk/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roles } from '../db/schema/index'
import { resolveRequestAuth } from '../modules/auth/resolve-request-auth'
import { createSession, hashToken } from '../modules/auth/sessions'
import { insertLimitedAdmin } from '../resource/testing/factories'
import { listRoutes } from '../testing/route-table'
import { createTestApp, type TestApp } from '../testing/test-app'
import { groupOfMenuUrl, heldRoutesAmong, menuUrlOfRoute, rolesHoldRoute, routeKey } from './route-access'

let t: TestApp
let emptyRoleId: number
beforeAll(async () => {
  t = await createTestApp()
  const [role] = await t.app.db.insert(roles).values({ name: 'Nothing yet', parent_id: 1 }).returning()
  emptyRoleId = role.id
})
afterAll(() => t.close())

const holds = (url: string, method: string, roleIds: number[], env = 'testing') =>
  rolesHoldRoute(t.app.db, { url, method, env, roleIds })

describe('menuUrlOfRoute', () => {
  it('strips the mount and writes parameters as the menu does', () => {
    expect(menuUrlOfRoute('/web-api/admin/firms/:id')).toBe('/admin/firms/{id}')
    expect(menuUrlOfRoute('/api/admin/banks/list')).toBe('/admin/banks/list')
  })
})

describe('rolesHoldRoute', () => {
  it('lets the super administrator through every admin route of this environment', async () => {
    expect(await holds('/admin/firms/list', 'GET', [1])).toBe(true)
    expect(await holds('/admin/firms/{id}', 'PUT', [1])).toBe(true)
  })

  it('matches the method bit, not only the url', async () => {
    expect(await holds('/admin/firms/list', 'POST', [1])).toBe(false)
  })

  it('refuses a role that does not hold the item', async () => {
    expect(await holds('/admin/firms/list', 'GET', [emptyRoleId])).toBe(false)
    expect(await holds('/admin/firms/list', 'GET', [])).toBe(false)
  })

  it('refuses local-only actions outside APP_ENV=local, even to the super administrator', async () => {
    expect(await holds('/admin/menus', 'POST', [1], 'production')).toBe(false)
    expect(await holds('/admin/menus', 'POST', [1], 'local')).toBe(true)
    expect(await holds('/admin/menus/list', 'GET', [1], 'production')).toBe(true)
  })

  it('refuses a route that is not in the menu at all', async () => {
    expect(await holds('/admin/secret-things', 'GET', [1])).toBe(false)
  })
})

describe('the one access rule', () => {
  type Caller = { userId: number; roleIds: number[]; token: string }
  const callers: Record<string, Caller> = {}
  let routes: Array<{ url: string; method: string }> = []
  beforeAll(async () => {
    const db = t.app.db
    const GET = methodBitOf('GET')
    const PUT = methodBitOf('PUT')
    const clerk = await insertLimitedAdmin(db, [
      { url: '/admin/firms/list', method: GET },
      { url: '/admin/firms/{id}', method: PUT },
    ])
    const idle = await insertLimitedAdmin(db, [])
    const gone = await insertLimitedAdmin(db, [{ url: '/admin/banks/list', method: GET }])
    await db.update(roles).set({ deleted_at: new Date() }).where(eq(roles.id, gone.role.id))
    const made = {
      'super administrator': { userId: 1, roleIds: [1] },
      clerk,
      'no items': idle,
      'deleted role': gone,
    }
    for (const [name, caller] of Object.entries(made)) {
      const userId = 'user' in caller ? caller.user.id : caller.userId
      const roleIds = 'role' in caller ? [caller.role.id] : caller.roleIds
      const { token } = await createSession(db, {
        userId,
        remember: false,
        lifetimeMinutes: 60,
        ip: '127.0.0.1',
        userAgent: 'test',
      })
      callers[name] = { userId, roleIds, token }
    }
    const admin = listRoutes(t.app)
      .map((route) => ({ url: menuUrlOfRoute(route.url), method: route.method }))
      .filter((route) => groupOfMenuUrl(route.url) === 'admin')
    routes = [...new Map(admin.map((route) => [`${route.method} ${route.url}`, route])).values()]
  })

  /**
   * Each admin route decided by the session's statement, by rolesHoldRoute and by heldRoutesAmong
   * (every route in one statement): the ones held.
   */
  async function decideAll(name: string, env: string): Promise<number> {
    const caller = callers[name]
    const together = await heldRoutesAmong(t.app.db, { routes, env, roleIds: caller.roleIds })
    let held = 0
    for (const route of routes) {
      const fromSession = await resolveRequestAuth(t.app.db, hashToken(caller.token), { ...route, env })
      const fromRoles = await rolesHoldRoute(t.app.db, { ...route, env, roleIds: caller.roleIds })
      const label = `${name} ${env} ${route.method} ${route.url}`
      expect(fromSession.routeHeld, label).toBe(fromRoles)
      expect(together.has(routeKey(route.method, route.url)), label).toBe(fromRoles)
      if (fromRoles) held++
    }
    return held
  }

  it('decides alike for the super administrator', async () => {
    expect(routes.length).toBeGreaterThan(100)
    expect(await decideAll('super administrator', 'testing')).toBeGreaterThan(routes.length / 2)
  })

  it('decides alike for the super administrator in the local environment (its own items too)', async () => {
    expect(await decideAll('super administrator', 'local')).toBeGreaterThan(routes.length / 2)
  })

  it('decides alike for an administrator holding two items', async () => {
    expect(await decideAll('clerk', 'testing')).toBe(2)
  })

  it('decides alike for an administrator holding nothing', async () => {
    expect(await decideAll('no items', 'testing')).toBe(0)
  })

  it('decides alike for an administrator holding items only through a deleted role', async () => {
    expect(await decideAll('deleted role', 'testing')).toBe(0)
  })
})
