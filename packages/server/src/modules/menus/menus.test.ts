import { eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findNestedSetProblems } from '../../db/nested-set'
import { menus } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { insertLimitedAdmin } from '../../resource/testing/factories'
import { loginAs } from '../../testing/login-as'
import { createTestApp, type TestApp } from '../../testing/test-app'

describe('menus outside the local environment', () => {
  let t: TestApp
  let admin: AdminClient
  beforeAll(async () => {
    t = await createTestApp()
    admin = await adminClient(t.app)
  })
  afterAll(() => t.close())

  it('list items with their method and use as lists and their type', async () => {
    const response = await admin.get('/admin/menus/list?url=/admin/firms&per_page=200')
    expect(response.statusCode, response.body).toBe(200)
    const rows = response.json().data as Array<Record<string, unknown>>
    const firms = rows.find((row) => row.url === '/admin/firms' && row.resource_id === -1)
    const update = rows.find((row) => row.url === '/admin/firms/{id}' && (row.method as number[]).includes(4))
    expect(firms).toMatchObject({ type: 1, method: [1], use: ['api', 'web'], is_page: 1 })
    expect(update).toMatchObject({ type: 2, method: [4], parent_name: firms?.name })
  })

  it('answer the whole tree for the drag page', async () => {
    const response = await admin.get('/admin/menus/tree')
    expect(response.statusCode).toBe(200)
    const [root] = response.json().menus
    expect(root).toMatchObject({ id: 1, parent_id: 0 })
    expect(root.childrens.map((m: { id: number }) => m.id)).toEqual([2, 3, 4])
  })

  it('refuse every menu write to everybody, the super administrator included', async () => {
    const writes = [
      admin.post('/admin/menus', { name: 'New', url: '/admin/new' }),
      admin.put('/admin/menus/5', { name: 'Renamed' }),
      admin.delete('/admin/menus', { ids: [80] }),
      admin.post('/admin/menus/import', { datas: [{ name: 'x' }] }),
      admin.post('/admin/menus/update-position', { id: 80, target_id: 5, position: 'before' }),
    ]
    for (const response of await Promise.all(writes)) expect(response.statusCode).toBe(403)
    const [home] = await t.app.db.select().from(menus).where(eq(menus.id, 5))
    expect(home.name).toBe('Backstage home page')
  })

  it('show an administrator only the admin items their roles hold, with the groups holding them', async () => {
    const { user } = await insertLimitedAdmin(t.app.db, [
      { url: '/admin/banks', method: 1 },
      { url: '/admin/banks/list', method: 1 },
    ])
    const { web } = await loginAs(t.app, user.id)
    const menu = (await t.app.inject({ url: '/web-api/open/menu', headers: web })).json().menus as Array<{
      id: number
      url: string
      group: string
    }>
    const adminUrls = menu.filter((m) => m.group === 'admin').map((m) => m.url)
    expect(adminUrls).toEqual(['/admin/banks', '/admin/banks/list'])
    expect(menu.some((m) => m.group === 'home')).toBe(true)
    const banks = (await t.app.db.select().from(menus).where(eq(menus.url, '/admin/banks')))[0]
    expect(menu.map((m) => m.id)).toContain(banks.parent_id)
    expect(menu.map((m) => m.id)).not.toContain(6) // the user management group holds nothing visible

    const info = (url: string) => t.app.inject({ url: `/web-api/open/menu-info?url=${url}`, headers: web })
    expect((await info('/admin/banks')).json().menu).toMatchObject({ url: '/admin/banks' })
    expect((await info('/admin/firms')).json()).toEqual({ menu: null, known: true })
    // A record's and the create page of a resource the menu has are known too; other paths are not.
    expect((await info('/admin/firms/12')).json().known).toBe(true)
    expect((await info('/admin/firms/create')).json().known).toBe(true)
    expect((await info('/admin/no-such-page')).json()).toEqual({ menu: null, known: false })
    expect((await info('/admin/firms/12/more')).json().known).toBe(false)
    expect((await info('/admin/developments/tables')).json().known).toBe(false) // an API route, no page
    // A visitor learns nothing about the admin pages.
    const visitor = await t.app.inject({ url: '/web-api/open/menu-info?url=/admin/firms' })
    expect(visitor.json()).toEqual({ menu: null, known: false })
    const superMenu = (await admin.get('/open/menu')).json().menus as unknown[]
    expect(superMenu.length).toBeGreaterThan(menu.length)
  })
})

describe('menus in the local environment', () => {
  let t: TestApp
  let admin: AdminClient
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_ENV: 'local' } })
    admin = await adminClient(t.app)
  })
  afterAll(() => t.close())

  const liveTree = async () =>
    findNestedSetProblems(await t.app.db.select().from(menus).where(isNull(menus.deleted_at)))
  const stored = async (id: number) => (await t.app.db.select().from(menus).where(eq(menus.id, id)))[0]

  it('store the method and use lists as bitmasks', async () => {
    const created = await admin.post('/admin/menus', {
      name: 'Reports',
      url: '/admin/reports',
      method: [1, 4],
      use: ['api'],
      env: ['local', 'testing'],
      middleware: ['throttle'],
      parent_id: 7,
      options: { only: ['list', 'export'] },
    })
    expect(created.statusCode, created.body).toBe(201)
    const { row } = created.json()
    expect(row).toMatchObject({ method: [1, 4], use: ['api'], env: ['local', 'testing'], type: 0, level: 4 })
    expect(await stored(row.id)).toMatchObject({ method: 5, use: 1, middleware: ['throttle'] })
    const bad = await admin.post('/admin/menus', { name: 'Bad', method: [3], env: ['moon'] })
    expect(Object.keys(bad.json().errors).sort()).toEqual(['env', 'method'])
    expect(await liveTree()).toEqual([])
  })

  it('move an item before, after or inside another, renumbering the whole tree', async () => {
    const move = (id: number, target_id: number, position: string) =>
      admin.post('/admin/menus/update-position', { id, target_id, position })
    const banks = (await t.app.db.select().from(menus).where(eq(menus.url, '/admin/banks')))[0]
    expect((await move(banks.id, 5, 'before')).statusCode).toBe(200)
    expect(await stored(banks.id)).toMatchObject({ parent_id: 2, level: 3 })
    expect((await stored(banks.id + 1)).level).toBe(4)
    expect((await stored(banks.id)).right_margin).toBe((await stored(5)).left_margin - 1)
    expect(await liveTree()).toEqual([])

    expect((await move(banks.id, 5, 'after')).statusCode).toBe(200)
    expect((await stored(banks.id)).left_margin).toBe((await stored(5)).right_margin + 1)
    expect((await move(banks.id, 80, 'inside')).statusCode).toBe(200)
    expect(await stored(banks.id)).toMatchObject({ parent_id: 80, level: 5 })
    expect(await liveTree()).toEqual([])
  })

  it('refuse moving an item into itself or its descendants', async () => {
    for (const target of [5, 80, 160]) {
      const response = await admin.post('/admin/menus/update-position', {
        id: 5,
        target_id: target,
        position: 'inside',
      })
      expect(response.statusCode).toBe(422)
    }
    expect(await stored(5)).toMatchObject({ parent_id: 2 })
    expect(await liveTree()).toEqual([])
  })
})
