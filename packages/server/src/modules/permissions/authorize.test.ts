import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roles } from '../../db/schema/index'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { menuUrlOfRoute, rolesHoldRoute } from './authorize'

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
