import type { TAdminAccount } from '@brokerdesk/shared'
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

type UserValues = Partial<typeof users.$inferInsert>

const insertUser = async (values: UserValues) =>
  (
    await t.app.db
      .insert(users)
      .values({ status: 1, ...values })
      .returning({ id: users.id })
  )[0].id

/** An account with a live admin record holding the given role, when one is given. */
async function insertAdmin(values: UserValues, roleId?: number) {
  const userId = await insertUser(values)
  const [record] = await t.app.db.insert(admins).values({ user_id: userId }).returning()
  if (roleId) await t.app.db.insert(adminRole).values({ admin_id: record.id, role_id: roleId })
  return { userId, adminId: record.id }
}

async function accounts(query: string, client = root): Promise<TAdminAccount[]> {
  const response = await client.get(`/admin/admins/accounts${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json().accounts
}

const unamesOf = async (query: string) => (await accounts(query)).map((a) => a.uname)

describe('GET /admin/admins/accounts', () => {
  it('answers accounts as options labelled with their names, without any other column', async () => {
    const id = await insertUser({
      uname: 'shapeuser1',
      name: 'Shape User',
      email: 'shape@example.com',
      mobile_phone: '13900000001',
      password: 'not-a-real-hash',
    })
    const response = await root.get('/admin/admins/accounts?keyword=shapeuser')
    expect(response.json()).toEqual({
      accounts: [
        {
          value: id,
          label: 'shapeuser1 · Shape User',
          uname: 'shapeuser1',
          name: 'Shape User',
          email: 'shape@example.com',
          mobile_phone: '13900000001',
        },
      ],
    })
    expect(response.body).not.toContain('not-a-real-hash')
  })

  it('matches a prefix of the account name, name, e-mail or mobile number', async () => {
    await insertUser({ uname: 'Kwalpha01', name: 'Kw Alpha', email: 'first.kw@example.com' })
    await insertUser({ uname: 'kwbeta001', name: 'Beta', email: 'KWBeta@Example.com' })
    await insertUser({ uname: 'gammauser', name: 'Kwgamma Person', mobile_phone: '13712345678' })
    await insertUser({ uname: 'deltauser', name: 'Delta', email: 'delta@kw.example.com' })

    // Case-insensitive on uname, name and e-mail; a word inside a value is not a prefix.
    expect(await unamesOf('?keyword=KW')).toEqual(['Kwalpha01', 'kwbeta001', 'gammauser'])
    expect(await unamesOf('?keyword=kwbeta%40example')).toEqual(['kwbeta001'])
    expect(await unamesOf('?keyword=first.KW')).toEqual(['Kwalpha01'])
    expect(await unamesOf('?keyword=137123')).toEqual(['gammauser'])
    expect(await unamesOf('?keyword=%20%20kwg%20')).toEqual(['gammauser'])
    expect(await unamesOf('?keyword=alpha')).toEqual([])
    // LIKE's wildcards are plain characters.
    expect(await unamesOf('?keyword=k_')).toEqual([])
    expect(await unamesOf('?keyword=%25')).toEqual([])
  })

  it('leaves out accounts that are admins or deleted; an account whose admin record was deleted is back', async () => {
    const free = await insertUser({ uname: 'exfree001', name: 'Free' })
    const bound = await insertAdmin({ uname: 'exbound01', name: 'Bound' })
    await insertUser({ uname: 'exgone001', name: 'Gone', deleted_at: new Date() })
    const unbound = await insertAdmin({ uname: 'exunbound', name: 'Unbound' })
    await t.app.db.update(admins).set({ deleted_at: new Date() }).where(eq(admins.id, unbound.adminId))

    expect((await accounts('?keyword=ex')).map((a) => a.value)).toEqual([free, unbound.userId])
    expect((await accounts('?keyword=exbound')).map((a) => a.value)).toEqual([])
    expect(bound.userId).toBeGreaterThan(0)
    // The installation's administrator (user 1) is an admin too.
    expect(await accounts('?keyword=admin')).toEqual([])
  })

  it('lists the user_id account as well, even an admin, but never a deleted one', async () => {
    await insertUser({ uname: 'uidfree01', name: 'Free' })
    const bound = await insertAdmin({ uname: 'uidbound1', name: 'Bound' })
    const gone = await insertUser({ uname: 'uidgone01', name: 'Gone', deleted_at: new Date() })

    expect(await unamesOf(`?keyword=uid&user_id=${bound.userId}`)).toEqual(['uidfree01', 'uidbound1'])
    expect(await unamesOf(`?keyword=nothing-like-it&user_id=${bound.userId}`)).toEqual(['uidbound1'])
    expect(await unamesOf(`?keyword=uid&user_id=${gone}`)).toEqual(['uidfree01'])
    expect(await unamesOf('?keyword=uid&user_id=0')).toEqual(['uidfree01'])
  })

  it('answers at most 20 accounts by id, the user_id account among them', async () => {
    const ids: number[] = []
    for (let i = 0; i < 25; i += 1)
      ids.push(await insertUser({ uname: `manyuser${String(i).padStart(2, '0')}` }))
    const bound = await insertAdmin({ uname: 'manyadmin', name: 'Admin' })

    expect((await accounts('?keyword=many')).map((a) => a.value)).toEqual(ids.slice(0, 20))
    const withCurrent = (await accounts(`?keyword=many&user_id=${bound.userId}`)).map((a) => a.value)
    expect(withCurrent).toEqual([...ids.slice(0, 19), bound.userId])
    const withMatch = (await accounts(`?keyword=many&user_id=${ids[3]}`)).map((a) => a.value)
    expect(withMatch).toEqual(ids.slice(0, 20))

    // No keyword: the first 20 unbound accounts of all.
    const first = (await accounts('')).map((a) => a.value)
    expect(first).toHaveLength(20)
    expect(first).toEqual([...first].sort((a, b) => a - b))
    expect(first).not.toContain(1)
  })

  it('refuses a bad query with 422 field errors', async () => {
    const long = await root.get(`/admin/admins/accounts?keyword=${'a'.repeat(51)}`)
    expect(long.statusCode).toBe(422)
    expect(Object.keys(long.json().errors)).toEqual(['keyword'])
    expect((await root.get(`/admin/admins/accounts?keyword=${'a'.repeat(50)}`)).statusCode).toBe(200)
    const badId = await root.get('/admin/admins/accounts?user_id=abc')
    expect(badId.statusCode).toBe(422)
    expect(Object.keys(badId.json().errors)).toEqual(['user_id'])
    expect((await root.get('/admin/admins/accounts?user_id=-1')).statusCode).toBe(422)
  })

  it('is a menu item: 401 anonymous, 403 for a role without it, allowed for a role holding it', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/admins/accounts' })
    expect(anonymous.statusCode).toBe(401)

    const [item] = await t.app.db.select().from(menus).where(eq(menus.url, '/admin/admins/accounts'))
    expect(item).toMatchObject({ id: 168, parent_id: 33, method: 1 })
    const [without] = await t.app.db
      .insert(roles)
      .values({ name: 'Accounts without', parent_id: 1 })
      .returning()
    const [holding] = await t.app.db
      .insert(roles)
      .values({ name: 'Accounts holding', parent_id: 1 })
      .returning()
    await t.app.db.insert(menuRole).values({ role_id: holding.id, menu_id: item.id })
    const refused = await adminClient(t.app, (await insertAdmin({ uname: 'permnone1' }, without.id)).userId)
    expect((await refused.get('/admin/admins/accounts')).statusCode).toBe(403)
    const allowed = await adminClient(t.app, (await insertAdmin({ uname: 'permheld1' }, holding.id)).userId)
    expect((await allowed.get('/admin/admins/accounts?keyword=perm')).json().accounts).toEqual([])
  })
})
