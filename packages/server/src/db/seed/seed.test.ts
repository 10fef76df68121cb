import { verify } from '@node-rs/argon2'
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../testing/test-database'
import type { Database, Db, Tx } from '../client'
import { findNestedSetProblems } from '../nested-set'
import { adminRole, admins, configs, menuRole, menus, roles, users } from '../schema/index'
import { seedDatabase } from './index'

let database: Database
let db: Db
let firstRun: { adminPasswordGenerated?: string }

beforeAll(async () => {
  database = await openTestDatabase()
  db = database.db
  firstRun = await seedDatabase(db, { env: 'testing' })
})

afterAll(async () => {
  await database?.close()
})

class Rollback extends Error {}

/** Runs `work` in a transaction that is rolled back, so the shared database stays as seeded. */
async function inRolledBackTransaction(work: (tx: Tx) => Promise<void>): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await work(tx)
      throw new Rollback()
    })
  } catch (error) {
    if (error instanceof Rollback) return
    throw error
  }
}

const asDb = (tx: Tx) => tx as unknown as Db

async function snapshotSeededTables(tx: Db | Tx) {
  return {
    menus: await tx.select().from(menus).orderBy(asc(menus.id)),
    roles: await tx.select().from(roles).orderBy(asc(roles.id)),
    users: await tx.select().from(users).orderBy(asc(users.id)),
    admins: await tx.select().from(admins).orderBy(asc(admins.id)),
    adminRole: await tx.select().from(adminRole).orderBy(asc(adminRole.admin_id)),
    menuRole: await tx.select().from(menuRole).orderBy(asc(menuRole.menu_id)),
    configs: await tx.select().from(configs).orderBy(asc(configs.id)),
  }
}

const listMenus = (tx: Db | Tx) => tx.select().from(menus).orderBy(asc(menus.left_margin))

/** The resources that offer fewer than the seven actions, and which. */
const FEWER_ACTIONS: Record<string, string[]> = {
  '/admin/log-counts': ['list', 'export'],
  '/admin/messages': ['list', 'export', 'show', 'create', 'update', 'delete'],
  '/admin/contact-messages': ['list', 'show', 'delete'],
  '/admin/apps': ['list', 'show', 'update', 'delete'],
  '/admin/sessions': ['list', 'export', 'delete'],
  '/admin/uploads': ['list', 'export', 'delete'],
}

describe('seedDatabase on an empty database', () => {
  it('creates the admin user with a generated 16-character password that verifies with argon2id', async () => {
    const password = firstRun.adminPasswordGenerated ?? ''
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/)
    const [admin] = await db.select().from(users).where(eq(users.uname, 'admin'))
    expect(admin).toMatchObject({ id: 1, name: 'Administrator', email: 'admin@brokerdesk.local', status: 1 })
    expect(admin.password).toMatch(/^\$argon2id\$/)
    expect(await verify(admin.password, password)).toBe(true)
    expect(await verify(admin.password, `${password}x`)).toBe(false)
  })

  it('makes the admin user a back-office user holding the super administrator role', async () => {
    const rows = await db
      .select({ role: roles.name })
      .from(admins)
      .innerJoin(adminRole, eq(adminRole.admin_id, admins.id))
      .innerJoin(roles, eq(roles.id, adminRole.role_id))
      .where(eq(admins.user_id, 1))
    expect(rows).toEqual([{ role: 'Super administrator' }])
  })

  it('gives the super administrator role every menu item', async () => {
    const [{ menuCount }] = await db.select({ menuCount: count() }).from(menus)
    const [{ granted }] = await db.select({ granted: count() }).from(menuRole).where(eq(menuRole.role_id, 1))
    expect(menuCount).toBe(244)
    expect(granted).toBe(menuCount)
  })

  it('stores the menu tree as a valid nested set under the root item', async () => {
    const rows = await listMenus(db)
    expect(findNestedSetProblems(rows)).toEqual([])
    expect(rows[0]).toMatchObject({ id: 1, parent_id: 0, level: 1, left_margin: 1, right_margin: 488 })
    const topLevel = rows.filter((row) => row.parent_id === 1).map((row) => row.name)
    expect(topLevel).toEqual(['Operate', 'Homepage', 'Official website'])
    const groups = rows.filter((row) => row.parent_id === 2).map((row) => row.name)
    expect(groups).toEqual([
      'Backstage home page',
      'User management',
      'Other settings',
      'Personal Center',
      'Insurance management',
      'Cooperation channel',
      'Message centre',
      'Automation',
    ])
  })

  it('gives every resource exactly its allowed actions, numbered after it', async () => {
    const rows = await db.select().from(menus).orderBy(asc(menus.id))
    const resources = rows.filter((row) => row.resource_id === -1)
    expect(resources.map((r) => r.url).sort()).toEqual(
      [
        'admins',
        'agent-systems',
        'apps',
        'areas',
        'banks',
        'classifys',
        'configs',
        'contact-messages',
        'departments',
        'firms',
        'log-counts',
        'logs',
        'menus',
        'messages',
        'pclassifys',
        'products',
        'roles',
        'sessions',
        'uploads',
        'users',
        'years',
      ].map((name) => `/admin/${name}`),
    )
    for (const resource of resources) {
      expect(resource).toMatchObject({ is_page: 1, method: 1, group: 'admin' })
      const actions = rows.filter((row) => row.resource_id === resource.id)
      const expected = FEWER_ACTIONS[resource.url] ?? [
        'list',
        'export',
        'import',
        'show',
        'create',
        'update',
        'delete',
      ]
      expect(actions.map((a) => a.item_name)).toEqual(expected)
      expect(actions.map((a) => a.id)).toEqual(expected.map((_, index) => resource.id + index + 1))
      expect(actions.every((a) => a.parent_id === resource.id && a.group === 'admin')).toBe(true)
    }
  })

  it('routes the seven actions of a resource to the original urls and methods', async () => {
    const firmActions = await db.select().from(menus).where(eq(menus.resource_id, 91)).orderBy(asc(menus.id))
    expect(firmActions.map((a) => [a.id, a.method, a.url, a.is_page])).toEqual([
      [92, 1, '/admin/firms/list', 0],
      [93, 1, '/admin/firms/excel', 0],
      [94, 2, '/admin/firms/import', 0],
      [95, 1, '/admin/firms/{id}', 1],
      [96, 2, '/admin/firms', 0],
      [97, 4, '/admin/firms/{id}', 0],
      [98, 8, '/admin/firms', 0],
    ])
    const [logCounts] = await db.select().from(menus).where(eq(menus.id, 160))
    expect(logCounts.options).toEqual({ only: ['list', 'export'] })
  })

  it('limits the menu writes to the local environment', async () => {
    const menuActions = await db.select().from(menus).where(eq(menus.resource_id, 41)).orderBy(asc(menus.id))
    expect(menuActions.map((a) => [a.item_name, a.env])).toEqual([
      ['list', []],
      ['export', []],
      ['import', ['local']],
      ['show', []],
      ['create', ['local']],
      ['update', ['local']],
      ['delete', ['local']],
    ])
    const localOnly = await db
      .select({ id: menus.id })
      .from(menus)
      .where(sql`${menus.env} = array['local']::text[] and ${menus.resource_id} = 0`)
    expect(localOnly.map((m) => m.id).sort((a, b) => a - b)).toEqual([143, 145, 147, 191, 192])
  })

  it('keeps the catalogue facts of the route items', async () => {
    const byId = new Map((await db.select().from(menus)).map((row) => [row.id, row]))
    expect(byId.get(64)).toMatchObject({
      url: '/open/login',
      method: 2,
      use: 3,
      middleware: ['log'],
      group: 'open',
    })
    expect(byId.get(80)).toMatchObject({ url: '/admin/down-log', use: 2, action: 'IndexController@downLog' })
    expect(byId.get(63)).toMatchObject({ as: 'login', is_page: 1, status: 2 })
    expect(byId.get(148)).toMatchObject({ parent_id: 131, method: 8 })
    expect(byId.get(146)).toMatchObject({ parent_id: 41, url: '/admin/menus/tree' })
    expect(byId.get(160)).toMatchObject({ parent_id: 5, status: 1 })
    expect(byId.get(2)).toMatchObject({ method: 0, status: 1, group: '' })
  })

  it('adds the pages the specification names that the catalogue lacks', async () => {
    const added = await db
      .select()
      .from(menus)
      .where(inArray(menus.id, [164, 165]))
      .orderBy(asc(menus.id))
    expect(added.map((m) => [m.url, m.method, m.is_page, m.group, m.parent_id])).toEqual([
      ['/home/personage/password', 1, 1, 'home', 3],
      ['/open/markdown', 1, 1, 'open', 4],
    ])
  })

  it('puts the account search of back-office users after the actions of their resource', async () => {
    const children = (await listMenus(db)).filter((row) => row.parent_id === 33)
    expect(children.map((row) => row.id)).toEqual([34, 35, 36, 37, 38, 39, 40, 168])
    expect(children.at(-1)).toMatchObject({
      url: '/admin/admins/accounts',
      method: 1,
      is_page: 0,
      group: 'admin',
      resource_id: 0,
      action: 'AdminController@accounts',
    })
  })

  it('seeds the default settings, the common password empty', async () => {
    const rows = await db.select().from(configs)
    expect(rows.find((c) => c.key === 'common_password')).toMatchObject({
      name: 'Common password for all users',
      value: '',
      type: 1,
      itype: 1,
    })
    expect(rows.map((c) => c.key)).toEqual(
      expect.arrayContaining(['site_name', 'site_description', 'icp_number', 'maintenance_mode']),
    )
  })

  it('moves the id sequences past the seeded ids', async () => {
    await inRolledBackTransaction(async (tx) => {
      const [menu] = await tx.insert(menus).values({ name: 'New item' }).returning({ id: menus.id })
      const [role] = await tx.insert(roles).values({ name: 'Clerk' }).returning({ id: roles.id })
      const [user] = await tx.insert(users).values({ uname: 'clerk1' }).returning({ id: users.id })
      expect([menu.id, role.id, user.id]).toEqual([500, 2, 2])
    })
  })
})

describe('seedDatabase on a seeded database', () => {
  it('changes nothing on a second run and generates no password', async () => {
    const before = await snapshotSeededTables(db)
    expect(await seedDatabase(db, { env: 'testing' })).toEqual({ created: false })
    expect(await snapshotSeededTables(db)).toEqual(before)
  })

  it('never overwrites what an administrator changed', async () => {
    await inRolledBackTransaction(async (tx) => {
      await tx.update(menus).set({ name: 'Dashboard', status: 2 }).where(eq(menus.id, 5))
      await tx.update(configs).set({ value: 'Acme Brokers' }).where(eq(configs.key, 'site_name'))
      await tx.update(users).set({ name: 'Chief' }).where(eq(users.id, 1))
      await tx.delete(menuRole).where(and(eq(menuRole.role_id, 1), eq(menuRole.menu_id, 80)))
      const before = await snapshotSeededTables(tx)
      await seedDatabase(asDb(tx), { env: 'testing' })
      expect(await snapshotSeededTables(tx)).toEqual(before)
    })
  })

  it('uses the given admin password when the admin user is missing, and returns none', async () => {
    await inRolledBackTransaction(async (tx) => {
      await tx.delete(adminRole)
      await tx.delete(admins)
      await tx.delete(users)
      const result = await seedDatabase(asDb(tx), { adminPassword: 'Chosen-pass-2024', env: 'production' })
      expect(result).toEqual({ created: true })
      const [admin] = await tx.select().from(users).where(eq(users.uname, 'admin'))
      expect(await verify(admin.password, 'Chosen-pass-2024')).toBe(true)
      const [{ links }] = await tx.select({ links: count() }).from(adminRole)
      expect(links).toBe(1)
    })
  })

  it('restores a missing menu item into a valid tree, keeping custom items, and grants it', async () => {
    await inRolledBackTransaction(async (tx) => {
      await tx
        .insert(menus)
        .values({ name: 'Custom page', parent_id: 3, left_margin: 1000, right_margin: 1001 })
      await tx.delete(menus).where(inArray(menus.id, [164, 78, 168]))
      await seedDatabase(asDb(tx), { env: 'testing' })
      const rows = await listMenus(tx)
      expect(findNestedSetProblems(rows)).toEqual([])
      const homeChildren = rows.filter((row) => row.parent_id === 3).map((row) => row.name)
      expect(homeChildren).toEqual([
        'Personal data',
        'Change Password',
        'Account security',
        'File upload',
        'Gaode search location',
        'My apps',
        'My messages',
        'My list settings',
        'Custom page',
      ])
      expect(rows.filter((row) => row.parent_id === 33).map((row) => row.id)).toEqual([
        34, 35, 36, 37, 38, 39, 40, 168,
      ])
      const granted = await tx
        .select({ id: menuRole.menu_id })
        .from(menuRole)
        .where(and(eq(menuRole.role_id, 1), inArray(menuRole.menu_id, [164, 78, 168])))
      expect(granted).toHaveLength(3)
    })
  })

  it('gives the agreement and privacy policy their default text while still empty, keeping an edited one', async () => {
    const agreement = (await db.select().from(configs).where(eq(configs.key, 'user_agreement')))[0]
    expect(agreement.value).toMatch(/^By registering an account you accept this agreement\./)
    await inRolledBackTransaction(async (tx) => {
      await tx.update(configs).set({ value: '' }).where(eq(configs.key, 'user_agreement'))
      await tx.update(configs).set({ value: '# Our terms' }).where(eq(configs.key, 'privacy_policy'))
      await seedDatabase(asDb(tx), { env: 'testing' })
      await seedDatabase(asDb(tx), { env: 'testing' })
      const values = Object.fromEntries(
        (
          await tx
            .select()
            .from(configs)
            .where(inArray(configs.key, ['user_agreement', 'privacy_policy', 'about']))
        ).map((row) => [row.key, row.value]),
      )
      expect(values).toEqual({ user_agreement: agreement.value, privacy_policy: '# Our terms', about: '' })
    })
  })

  it('re-creates a default setting only when no live row has its key', async () => {
    await inRolledBackTransaction(async (tx) => {
      await tx.update(configs).set({ deleted_at: new Date() }).where(eq(configs.key, 'icp_number'))
      await seedDatabase(asDb(tx), { env: 'testing' })
      const rows = await tx.select().from(configs).where(eq(configs.key, 'icp_number'))
      expect(rows.map((row) => row.deleted_at === null).sort()).toEqual([false, true])
    })
  })
})
