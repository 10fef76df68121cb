import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminRole, admins, menuRole, menus, roles, users } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let root: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  root = await adminClient(t.app)
})
afterAll(() => t.close())

const createRole = async (client: AdminClient, values: Record<string, unknown>) => {
  const response = await client.post('/admin/roles', values)
  expect(response.statusCode, response.body).toBe(201)
  return response.json().row as { id: number; name: string; level: number }
}

const menuIdsOf = async (url: string, method: number) =>
  (await t.app.db.select({ id: menus.id, method: menus.method }).from(menus).where(eq(menus.url, url)))
    .filter((m) => (m.method & method) !== 0)
    .map((m) => m.id)

const heldBy = async (roleId: number) =>
  (await t.app.db.select({ id: menuRole.menu_id }).from(menuRole).where(eq(menuRole.role_id, roleId)))
    .map((r) => r.id)
    .sort((a, b) => a - b)

/** A back-office user holding one role, as a client. */
const adminOf = async (roleId: number, uname: string) => {
  const [user] = await t.app.db.insert(users).values({ uname, name: uname, status: 1 }).returning()
  const [admin] = await t.app.db.insert(admins).values({ user_id: user.id }).returning()
  await t.app.db.insert(adminRole).values({ admin_id: admin.id, role_id: roleId })
  return adminClient(t.app, user.id)
}

describe('roles', () => {
  let manager: { id: number }
  let clerk: { id: number }
  let managerClient: AdminClient
  const rolePages = [
    '/admin/roles',
    '/admin/roles/list',
    '/admin/roles/{id}',
    '/admin/roles/{id}/permissions',
  ]

  beforeAll(async () => {
    manager = await createRole(root, { name: 'Manager', parent_id: 1 })
    clerk = await createRole(root, { name: 'Clerk', parent_id: manager.id })
    const grants = [
      ...(await Promise.all(rolePages.map((url) => menuIdsOf(url, 1)))).flat(),
      ...(await menuIdsOf('/admin/roles', 2)),
      ...(await menuIdsOf('/admin/roles/{id}/permissions', 4)),
      ...(await menuIdsOf('/admin/roles', 8)),
      ...(await menuIdsOf('/admin/banks/list', 1)),
    ]
    const saved = await root.put(`/admin/roles/${manager.id}/permissions`, { menu_ids: grants })
    expect(saved.statusCode, saved.body).toBe(200)
    managerClient = await adminOf(manager.id, 'manager1')
  })

  it('count the administrators of each role in the list', async () => {
    const rows = (await root.get('/admin/roles/list?per_page=50')).json().data as Array<
      Record<string, unknown>
    >
    expect(rows.find((r) => r.id === 1)).toMatchObject({ admins_count: 1, parent_id: 0 })
    expect(rows.find((r) => r.id === manager.id)).toMatchObject({
      admins_count: 1,
      parent_name: '超级管理员',
    })
    expect(rows.find((r) => r.id === clerk.id)).toMatchObject({ admins_count: 0, level: 3 })
  })

  it('show an administrator only the roles below their own', async () => {
    const rows = (await managerClient.get('/admin/roles/list')).json().data as Array<{ id: number }>
    expect(rows.map((r) => r.id)).toEqual([clerk.id])
    expect((await managerClient.get('/admin/roles/1')).statusCode).toBe(404)
    expect((await managerClient.get(`/admin/roles/${clerk.id}`)).statusCode).toBe(200)
    const sibling = await managerClient.post('/admin/roles', { name: 'Outside', parent_id: 1 })
    expect(Object.keys(sibling.json().errors)).toEqual(['parent_id'])
    await createRole(managerClient, { name: 'Trainee', parent_id: manager.id })
    const page = (await managerClient.get('/admin/roles')).json()
    const parents = page.options.parent_id as Array<{ value: number; children?: Array<{ value: number }> }>
    expect(parents.map((p) => p.value)).toEqual([manager.id])
    expect(parents[0].children?.map((c) => c.value)).toContain(clerk.id)
  })

  it('assign only the permissions the assigning administrator holds', async () => {
    const tree = await managerClient.get(`/admin/roles/${clerk.id}/permissions`)
    expect(tree.statusCode, tree.body).toBe(200)
    const ids: number[] = []
    const walk = (nodes: Array<{ id: number; childrens?: unknown[] }>) => {
      for (const node of nodes) {
        ids.push(node.id)
        walk((node.childrens ?? []) as never)
      }
    }
    walk(tree.json().menus)
    expect(ids.sort((a, b) => a - b)).toEqual(await heldBy(manager.id))
    expect(tree.json().checked).toEqual([])

    const banksList = await menuIdsOf('/admin/banks/list', 1)
    const firmsList = await menuIdsOf('/admin/firms/list', 1)
    const refused = await managerClient.put(`/admin/roles/${clerk.id}/permissions`, { menu_ids: firmsList })
    expect(refused.statusCode).toBe(422)
    expect(Object.keys(refused.json().errors)).toEqual(['menu_ids'])
    const saved = await managerClient.put(`/admin/roles/${clerk.id}/permissions`, { menu_ids: banksList })
    expect(saved.json().checked).toEqual(banksList)
    expect((await managerClient.get(`/admin/roles/${manager.id}/permissions`)).statusCode).toBe(403)
  })

  it('cascade a removed permission to the descendant roles only when asked', async () => {
    const banksList = await menuIdsOf('/admin/banks/list', 1)
    const keep = await menuIdsOf('/admin/roles/list', 1)
    const parent = await createRole(root, { name: 'Cascade parent', parent_id: 1 })
    const child = await createRole(root, { name: 'Cascade child', parent_id: parent.id })
    const grandchild = await createRole(root, { name: 'Cascade grandchild', parent_id: child.id })
    for (const role of [parent, child, grandchild]) {
      await root.put(`/admin/roles/${role.id}/permissions`, { menu_ids: [...banksList, ...keep] })
    }
    await root.put(`/admin/roles/${parent.id}/permissions`, { menu_ids: keep })
    expect(await heldBy(child.id)).toEqual([...banksList, ...keep].sort((a, b) => a - b))
    await root.put(`/admin/roles/${parent.id}/permissions`, { menu_ids: [...banksList, ...keep] })
    await root.put(`/admin/roles/${parent.id}/permissions`, { menu_ids: keep, cascade: true })
    for (const role of [parent, child, grandchild]) expect(await heldBy(role.id)).toEqual(keep)
  })

  it('keep the super administrator role: never deleted, its permissions never changed', async () => {
    const before = await heldBy(1)
    expect((await root.put('/admin/roles/1/permissions', { menu_ids: [] })).statusCode).toBe(422)
    expect((await root.delete('/admin/roles', { ids: [1] })).statusCode).toBe(422)
    expect(await heldBy(1)).toEqual(before)
  })

  it('refuse to delete a role with administrators or children, with a clear message', async () => {
    const withAdmins = await root.delete('/admin/roles', { ids: [manager.id] })
    expect(withAdmins.statusCode).toBe(422)
    expect(withAdmins.json().message).toContain('Manager')
    const parent = await createRole(root, { name: 'Has child', parent_id: 1 })
    await createRole(root, { name: 'The child', parent_id: parent.id })
    const withChildren = await root.delete('/admin/roles', { ids: [parent.id] })
    expect(withChildren.statusCode).toBe(422)
    const leaf = await createRole(root, { name: 'Leaf role', parent_id: 1 })
    expect((await root.delete('/admin/roles', { ids: [leaf.id] })).json()).toEqual({ deleted: 1 })
  })

  it('copy the permissions of a template role into a role created from it', async () => {
    const banksList = await menuIdsOf('/admin/banks/list', 1)
    const template = await createRole(root, { name: 'Template', parent_id: 1, is_tmp: 1 })
    await root.put(`/admin/roles/${template.id}/permissions`, { menu_ids: banksList })
    const copy = await createRole(root, { name: 'From template', parent_id: 1, tmp_id: template.id })
    expect(await heldBy(copy.id)).toEqual(banksList)
    const notTemplate = await root.post('/admin/roles', { name: 'Bad', parent_id: 1, tmp_id: manager.id })
    expect(Object.keys(notTemplate.json().errors)).toEqual(['tmp_id'])
    const stored = await t.app.db
      .select()
      .from(roles)
      .where(and(inArray(roles.id, [copy.id]), eq(roles.tmp_id, template.id)))
    expect(stored).toHaveLength(1)
  })
})
