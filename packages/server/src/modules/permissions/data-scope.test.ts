import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apps, logs, roles, users } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { insertScopedAdmin } from '../../resource/testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'

const LOGIN_MENU_ID = 64

let t: TestApp
let root: AdminClient
/** The units: head office → Hangzhou branch → its sales department; head office → Shanghai branch. */
const unit = { head: 0, hz: 0, hzSales: 0, sh: 0 }
/** One account in each unit, and one in none. */
const account = { hz: 0, hzSales: 0, sh: 0, none: 0 }

const createUnit = async (name: string, parentId: number) => {
  const response = await root.post('/admin/departments', { name, parent_id: parentId })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().row.id as number
}

const insertAccount = async (uname: string, departmentId: number) => {
  const [row] = await t.app.db
    .insert(users)
    .values({ uname, name: uname, status: 1, department_id: departmentId })
    .returning()
  return row.id
}

const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id)
const listIds = async (client: AdminClient, url: string) => {
  const response = await client.get(url)
  expect(response.statusCode, response.body).toBe(200)
  return ids(response.json().data)
}

beforeAll(async () => {
  t = await createTestApp()
  root = await adminClient(t.app)
  unit.head = await createUnit('总公司', 0)
  unit.hz = await createUnit('杭州分公司', unit.head)
  unit.hzSales = await createUnit('杭州销售部', unit.hz)
  unit.sh = await createUnit('上海分公司', unit.head)
  account.hz = await insertAccount('scopehz', unit.hz)
  account.hzSales = await insertAccount('scopehzsales', unit.hzSales)
  account.sh = await insertAccount('scopesh', unit.sh)
  account.none = await insertAccount('scopenone', 0)
  const login = (userId: number, ip: string) => ({
    menu_id: LOGIN_MENU_ID,
    user_id: userId,
    ip,
    created_at: new Date(),
  })
  await t.app.db
    .insert(logs)
    .values([
      login(account.hz, '10.0.0.1'),
      login(account.hzSales, '10.0.0.2'),
      login(account.sh, '10.0.0.3'),
    ])
})
afterAll(() => t.close())

/** A client of a new administrator of `departmentId` whose one role has `dataScope`. */
async function scoped(departmentId: number, dataScope: 'all' | 'unit_and_below' | 'unit' | 'self') {
  const made = await insertScopedAdmin(t.app.db, { departmentId, dataScope })
  return { ...made, client: await adminClient(t.app, made.user.id) }
}

const ours = (found: number[]) =>
  found.filter((id) => Object.values(account).includes(id)).sort((a, b) => a - b)
const sorted = (...values: number[]) => [...values].sort((a, b) => a - b)

describe('data scope of accounts', () => {
  it('lists, counts and exports only the accounts of the unit and below', async () => {
    const { client } = await scoped(unit.hz, 'unit_and_below')
    expect(ours(await listIds(client, '/admin/users/list?per_page=100'))).toEqual(
      sorted(account.hz, account.hzSales),
    )
    const counted = await client.get('/admin/users/list?get_count=1&per_page=100')
    expect(counted.json().total).toBe(2)
    const exported = await client.get('/admin/users/excel')
    expect(ours(ids(exported.json().data))).toEqual(sorted(account.hz, account.hzSales))
    expect(exported.json().data[0]).toHaveProperty('department_id')
    // A filter cannot widen it.
    expect(await listIds(client, `/admin/users/list?department_id=${unit.sh}`)).toEqual([])
  })

  it('answers 404 for an account out of scope on show and update, and leaves it on delete', async () => {
    const { client } = await scoped(unit.hz, 'unit_and_below')
    expect((await client.get(`/admin/users/${account.sh}`)).statusCode).toBe(404)
    expect((await client.put(`/admin/users/${account.sh}`, { name: 'Taken' })).statusCode).toBe(404)
    const deleted = await client.delete('/admin/users', { ids: [account.sh] })
    expect(deleted.json().deleted).toBe(0)
    const [still] = await t.app.db.select().from(users).where(eq(users.id, account.sh))
    expect(still).toMatchObject({ name: 'scopesh', deleted_at: null })
    expect((await client.get(`/admin/users/${account.hzSales}`)).statusCode).toBe(200)
  })

  it('files accounts only in units of the scope, on create, update and import', async () => {
    const { client } = await scoped(unit.hz, 'unit_and_below')
    const elsewhere = await client.post('/admin/users', {
      uname: 'shnew01',
      name: 'Sh',
      department_id: unit.sh,
    })
    expect(elsewhere.statusCode).toBe(422)
    expect(Object.keys(elsewhere.json().errors)).toEqual(['department_id'])
    const nowhere = await client.post('/admin/users', { uname: 'nonew01', name: 'No' })
    expect(Object.keys(nowhere.json().errors)).toEqual(['department_id'])
    const here = await client.post('/admin/users', {
      uname: 'hznew01',
      name: 'Hz',
      password: 'secret-88',
      department_id: unit.hzSales,
    })
    expect(here.statusCode, here.body).toBe(201)
    expect(here.json().row).toMatchObject({ department_id: unit.hzSales, department_name: '杭州销售部' })
    const moved = await client.put(`/admin/users/${here.json().row.id}`, { department_id: unit.sh })
    expect(moved.statusCode).toBe(422)

    const imported = await client.post('/admin/users/import', {
      datas: [
        { id: account.sh, uname: 'scopesh', name: 'Renamed' },
        { uname: 'hzimp01', name: 'Imported', password: 'secret-88', department_id: unit.hz },
        { uname: 'shimp01', name: 'Imported', password: 'secret-88', department_id: unit.sh },
      ],
    })
    expect(imported.statusCode, imported.body).toBe(200)
    expect(imported.json(), imported.body).toMatchObject({ imported: 1 })
    expect(imported.json().errors).toHaveLength(2)
    const [sh] = await t.app.db.select().from(users).where(eq(users.id, account.sh))
    expect(sh.name).toBe('scopesh')
  })

  it('limits `unit` to the unit itself and `self` to nothing among the accounts', async () => {
    const unitOnly = await scoped(unit.hz, 'unit')
    expect(ours(await listIds(unitOnly.client, '/admin/users/list?per_page=100'))).toEqual([account.hz])
    const self = await scoped(unit.hz, 'self')
    expect(ours(await listIds(self.client, '/admin/users/list?per_page=100'))).toEqual([])
    const noUnit = await scoped(0, 'unit_and_below')
    expect(ours(await listIds(noUnit.client, '/admin/users/list?per_page=100'))).toEqual([])
  })

  it('gives an administrator holding several roles the widest scope', async () => {
    const { admin, client } = await scoped(unit.hz, 'unit')
    const [wide] = await t.app.db
      .insert(roles)
      .values({ name: 'Wide role', parent_id: 1, data_scope: 'unit_and_below' })
      .returning()
    await t.app.db.execute(
      `insert into admin_role (admin_id, role_id) values (${admin.id}, ${wide.id})` as never,
    )
    expect(ours(await listIds(client, '/admin/users/list?per_page=100'))).toEqual(
      sorted(account.hz, account.hzSales),
    )
  })

  it('shows every account to the super administrator and to the scope `all`', async () => {
    expect(ours(await listIds(root, '/admin/users/list?per_page=100'))).toEqual(
      sorted(...Object.values(account)),
    )
    const { client } = await scoped(unit.hzSales, 'all')
    expect(ours(await listIds(client, '/admin/users/list?per_page=100'))).toEqual(
      sorted(...Object.values(account)),
    )
  })

  it('scopes the account pickers and the message recipients', async () => {
    const { client } = await scoped(unit.hz, 'unit_and_below')
    const accounts = (await client.get('/admin/admins/accounts?keyword=scope')).json().accounts
    expect(
      ours(accounts.map((a: { value: number }) => ({ id: a.value })).map((a: { id: number }) => a.id)),
    ).toEqual(sorted(account.hz, account.hzSales))
    const labelled = (await client.get(`/admin/admins/accounts?user_id=${account.sh}`)).json().accounts
    expect(labelled.map((a: { value: number }) => a.value)).not.toContain(account.sh)
    const recipients = (await client.get(`/admin/messages/recipients?keyword=scope&ids=${account.sh}`)).json()
      .accounts
    expect(ours(recipients.map((a: { value: number }) => a.value))).toEqual(
      sorted(account.hz, account.hzSales),
    )
    const message = await client.post('/admin/messages', {
      title: 'Hello',
      content: '<p>Hi</p>',
      audience: 3,
      user_ids: [account.sh],
    })
    expect(message.statusCode).toBe(422)
    expect(Object.keys(message.json().errors)).toContain('user_ids')
  })

  it('lets only an administrator who sees everyone write to all users or to a role', async () => {
    const { client } = await scoped(unit.hz, 'unit_and_below')
    for (const audience of [{ audience: 1 }, { audience: 2, role_id: 1 }]) {
      const refused = await client.post('/admin/messages', {
        title: 'To all',
        content: '<p>Hi</p>',
        ...audience,
      })
      expect(refused.statusCode, refused.body).toBe(422)
      expect(Object.keys(refused.json().errors)).toContain('audience')
    }
    const chosen = await client.post('/admin/messages', {
      title: 'To mine',
      content: '<p>Hi</p>',
      audience: 3,
      user_ids: [account.hz],
    })
    expect(chosen.statusCode, chosen.body).toBe(201)
    const widened = await client.put(`/admin/messages/${chosen.json().row.id}`, { audience: 1 })
    expect(widened.statusCode, widened.body).toBe(422)
    const everyone = await scoped(unit.hz, 'all')
    const toAll = await everyone.client.post('/admin/messages', {
      title: 'To all',
      content: '<p>Hi</p>',
      audience: 1,
    })
    expect(toAll.statusCode, toAll.body).toBe(201)
  })
})

describe('data scope of back-office users, the log and API apps', () => {
  it('shows only the admin records of the scope, and files new ones there', async () => {
    // The clerks' role is below the manager's (the reach rule), the clerks in two branches.
    const managerRole = (
      await root.post('/admin/roles', { name: 'Manager', parent_id: 1, data_scope: 'unit_and_below' })
    ).json().row
    const clerkRole = (
      await root.post('/admin/roles', { name: 'Clerk', parent_id: managerRole.id, data_scope: 'unit' })
    ).json().row
    const clerk = (departmentId: number) =>
      insertScopedAdmin(t.app.db, { departmentId, dataScope: 'unit', roleId: clerkRole.id })
    const hzAdmin = await clerk(unit.hzSales)
    const shAdmin = await clerk(unit.sh)
    const manager = await insertScopedAdmin(t.app.db, {
      departmentId: unit.hz,
      dataScope: 'unit_and_below',
      roleId: managerRole.id,
    })
    const client = await adminClient(t.app, manager.user.id)
    const found = await listIds(client, '/admin/admins/list?per_page=100')
    expect(found).toContain(hzAdmin.admin.id)
    expect(found).not.toContain(shAdmin.admin.id)
    expect((await client.get(`/admin/admins/${shAdmin.admin.id}`)).statusCode).toBe(404)
    const filtered = await listIds(client, `/admin/admins/list?department_id=${unit.hzSales}`)
    expect(filtered).toContain(hzAdmin.admin.id)
    const created = await client.post('/admin/admins', {
      uname: 'hzclerk1',
      name: 'Clerk',
      password: 'secret-88',
      department_id: unit.hzSales,
      role_ids: [clerkRole.id],
    })
    expect(created.statusCode, created.body).toBe(201)
    const [account] = await t.app.db.select().from(users).where(eq(users.id, created.json().row.user_id))
    expect(account.department_id).toBe(unit.hzSales)
    const outside = await client.post('/admin/admins', {
      uname: 'shclerk1',
      name: 'Clerk',
      password: 'secret-88',
      department_id: unit.sh,
    })
    expect(Object.keys(outside.json().errors)).toEqual(['department_id'])
  })

  it('lists the log entries, log statistics and home charts of the accounts in scope', async () => {
    const { client } = await scoped(unit.hz, 'unit_and_below')
    const entries = (await client.get('/admin/logs/list?per_page=100&menu_id=64')).json().data as Array<{
      user_id: number
      id: number
    }>
    expect(new Set(entries.map((e) => e.user_id))).toEqual(new Set([account.hz, account.hzSales]))
    const [shEntry] = await t.app.db
      .select()
      .from(logs)
      .where(and(eq(logs.user_id, account.sh), isNull(logs.deleted_at)))
    expect((await client.get(`/admin/logs/${shEntry.id}`)).statusCode).toBe(404)
    const stats = (await client.get('/admin/log-counts/list?type=year')).json().data
    expect(stats).toEqual([expect.objectContaining({ login_count: 2, ip_count: 2 })])
    const exported = (await client.get('/admin/log-counts/excel?type=year')).json().data
    expect(exported).toEqual([expect.objectContaining({ login_count: 2, ip_count: 2 })])
    const chart = (await client.get('/admin/index?range=week')).json().data as Array<{ login_count: number }>
    expect(chart.reduce((sum, point) => sum + point.login_count, 0)).toBe(2)
    const everyone = (await root.get('/admin/index?range=week')).json().data as Array<{ login_count: number }>
    expect(everyone.reduce((sum, point) => sum + point.login_count, 0)).toBeGreaterThanOrEqual(3)

    const self = await scoped(unit.hz, 'self')
    await t.app.db.insert(logs).values({ menu_id: LOGIN_MENU_ID, user_id: self.user.id, ip: '10.0.0.9' })
    const own = (await self.client.get('/admin/logs/list?per_page=100')).json().data as Array<{
      user_id: number
    }>
    expect(new Set(own.map((e) => e.user_id))).toEqual(new Set([self.user.id]))
  })

  it('lists only the API apps whose owner is in scope', async () => {
    const [hzApp, shApp] = await t.app.db
      .insert(apps)
      .values([
        { name: 'Hz app', client_id: 'scope-hz-app', secret_hash: 'x', user_id: account.hz },
        { name: 'Sh app', client_id: 'scope-sh-app', secret_hash: 'x', user_id: account.sh },
      ])
      .returning()
    const { client } = await scoped(unit.hz, 'unit_and_below')
    const found = await listIds(client, '/admin/apps/list?per_page=100')
    expect(found).toContain(hzApp.id)
    expect(found).not.toContain(shApp.id)
    expect((await client.put(`/admin/apps/${shApp.id}`, { review: 2 })).statusCode).toBe(404)
  })

  it('refuses a role a scope wider than the caller’s own', async () => {
    const { client, role } = await scoped(unit.hz, 'unit')
    const wider = await client.post('/admin/roles', { name: 'Wider', parent_id: role.id, data_scope: 'all' })
    expect(wider.statusCode).toBe(422)
    expect(Object.keys(wider.json().errors)).toEqual(['data_scope'])
    const narrower = await client.post('/admin/roles', {
      name: 'Narrower',
      parent_id: role.id,
      data_scope: 'self',
    })
    expect(narrower.statusCode, narrower.body).toBe(201)
  })
})
