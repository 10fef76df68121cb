import { verify } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
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

const insertRole = async (name: string, parentId: number) =>
  (await root.post('/admin/roles', { name, parent_id: parentId })).json().row as { id: number }

const rolesOf = async (adminId: number) =>
  (await t.app.db.select().from(adminRole).where(eq(adminRole.admin_id, adminId)))
    .map((r) => r.role_id)
    .sort()

describe('admins', () => {
  it('bind an existing account, showing its names', async () => {
    const [user] = await t.app.db
      .insert(users)
      .values({ uname: 'bound01', name: 'Bound One', email: 'bound@example.com', status: 1 })
      .returning()
    const role = await insertRole('Bound role', 1)
    const created = await root.post('/admin/admins', { user_id: user.id, role_ids: [role.id] })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().row).toMatchObject({
      user_id: user.id,
      uname: 'bound01',
      name: 'Bound One',
      email: 'bound@example.com',
      role_ids: [role.id],
    })
    const again = await root.post('/admin/admins', { user_id: user.id })
    expect(again.statusCode).toBe(422)
    expect(Object.keys(again.json().errors)).toEqual(['user_id'])
    const missing = await root.post('/admin/admins', { user_id: 987_654 })
    expect(Object.keys(missing.json().errors)).toEqual(['user_id'])
  })

  it('create the account with the admin record in one transaction', async () => {
    const created = await root.post('/admin/admins', {
      uname: 'newadmin1',
      name: 'New Admin',
      password: 'secret-88',
      email: 'new.admin@example.com',
      mobile_phone: '13800138009',
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.body).not.toContain('secret-88')
    const { row } = created.json()
    const [user] = await t.app.db.select().from(users).where(eq(users.id, row.user_id))
    expect(user).toMatchObject({ uname: 'newadmin1', name: 'New Admin', mobile_phone: '13800138009' })
    expect(await verify(user.password, 'secret-88')).toBe(true)

    const before = (await t.app.db.select().from(users)).length
    const taken = await root.post('/admin/admins', {
      uname: 'newadmin1',
      name: 'Twin',
      password: 'secret-88',
    })
    expect(Object.keys(taken.json().errors)).toEqual(['uname'])
    const incomplete = await root.post('/admin/admins', { uname: 'halfdone1' })
    expect(Object.keys(incomplete.json().errors).sort()).toEqual(['name', 'password'])
    const badRole = await root.post('/admin/admins', {
      uname: 'badrole01',
      name: 'B',
      password: 'secret-88',
      role_ids: [99_999],
    })
    expect(badRole.statusCode).toBe(422)
    expect((await t.app.db.select().from(users)).length).toBe(before)
  })

  it('let an administrator assign only roles below their own', async () => {
    const manager = await insertRole('Admin manager', 1)
    const below = await insertRole('Below manager', manager.id)
    const beside = await insertRole('Beside manager', 1)
    const items = await t.app.db.select({ id: menus.id, url: menus.url, method: menus.method }).from(menus)
    const grants = items.filter((m) => m.url.startsWith('/admin/admins'))
    await t.app.db.insert(menuRole).values(grants.map((m) => ({ role_id: manager.id, menu_id: m.id })))
    const [user] = await t.app.db
      .insert(users)
      .values({ uname: 'admmgr01', name: 'Mgr', status: 1 })
      .returning()
    const [record] = await t.app.db.insert(admins).values({ user_id: user.id }).returning()
    await t.app.db.insert(adminRole).values({ admin_id: record.id, role_id: manager.id })
    const client = await adminClient(t.app, user.id)

    const refused = await client.post('/admin/admins', {
      uname: 'clerk0001',
      name: 'C',
      password: 'secret-88',
      role_ids: [beside.id],
    })
    expect(Object.keys(refused.json().errors)).toEqual(['role_ids'])
    const own = await client.post('/admin/admins', {
      uname: 'clerk0002',
      name: 'C',
      password: 'secret-88',
      role_ids: [manager.id],
    })
    expect(own.statusCode).toBe(422)
    const created = await client.post('/admin/admins', {
      uname: 'clerk0003',
      name: 'C',
      password: 'secret-88',
      role_ids: [below.id],
    })
    expect(created.statusCode, created.body).toBe(201)

    // Once the admin also holds a role beyond the manager's reach, the manager can no longer change
    // or remove the record; within reach again, they can.
    const id = created.json().row.id
    await root.put(`/admin/admins/${id}`, { role_ids: [below.id, beside.id] })
    expect((await client.put(`/admin/admins/${id}`, { role_ids: [] })).statusCode).toBe(404)
    expect((await client.delete('/admin/admins', { ids: [id] })).json()).toEqual({ deleted: 0 })
    expect(await rolesOf(id)).toEqual([below.id, beside.id].sort())
    await root.put(`/admin/admins/${id}`, { role_ids: [below.id] })
    expect((await client.put(`/admin/admins/${id}`, { role_ids: [] })).statusCode).toBe(200)
    expect(await rolesOf(id)).toEqual([])
  })

  it('never delete the first administrator', async () => {
    const refused = await root.delete('/admin/admins', { ids: [1] })
    expect(refused.statusCode).toBe(422)
    const [first] = await t.app.db.select().from(admins).where(eq(admins.id, 1))
    expect(first.deleted_at).toBeNull()
    expect((await t.app.db.select().from(roles).where(eq(roles.id, 1))).length).toBe(1)
  })

  it('stay distinct from ordinary users: an account is not an admin, and losing the admin record keeps it', async () => {
    const plain = await root.post('/admin/users', {
      uname: 'plainuser1',
      name: 'Plain',
      password: 'secret-88',
    })
    const userId = plain.json().row.id
    const adminUserIds = async () =>
      ((await root.get('/admin/admins/list?per_page=100')).json().data as Array<{ user_id: number }>).map(
        (a) => a.user_id,
      )
    expect(await adminUserIds()).not.toContain(userId)
    const bound = (await root.post('/admin/admins', { user_id: userId })).json().row
    expect(await adminUserIds()).toContain(userId)
    expect((await root.delete('/admin/admins', { ids: [bound.id] })).json()).toEqual({ deleted: 1 })
    expect((await root.get(`/admin/users/${userId}`)).json().row).toMatchObject({ uname: 'plainuser1' })
    expect((await root.post('/admin/admins', { user_id: userId })).statusCode).toBe(201)
  })
})
