import { verify } from '@node-rs/argon2'
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminRole, admins, logs, users } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { insertLimitedAdmin } from '../../resource/testing/factories'
import { loginAs } from '../../testing/login-as'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let admin: AdminClient
beforeAll(async () => {
  t = await createTestApp({ env: { APP_ENV: 'local' } })
  admin = await adminClient(t.app)
})
afterAll(() => t.close())

const lastLog = async () => (await t.app.db.select().from(logs).orderBy(desc(logs.id)).limit(1))[0]

describe('the developer console on a local server', () => {
  it('lists its commands with their parameters', async () => {
    const response = await admin.get('/admin/developments/index')
    expect(response.statusCode).toBe(200)
    const commands = response.json().commands as Array<{ name: string; params: Array<{ name: string }> }>
    expect(commands.map((c) => c.name)).toEqual(expect.arrayContaining(['migrate', 'seed', 'create-admin']))
    expect(commands.find((c) => c.name === 'reset-password')?.params.map((p) => p.name)).toEqual([
      'uname',
      'password',
    ])
  })

  it('runs migrate, answers its output and writes it to the operation log', async () => {
    const response = await admin.post('/admin/developments/command', { command: 'migrate' })
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json()
    expect(result).toMatchObject({ command: 'migrate', ok: true })
    expect(result.output[0]).toMatch(/^Nothing to migrate: all \d+ migrations are applied \(latest \d{4}_/)
    const log = await lastLog()
    expect(log).toMatchObject({ menu_id: 145, method: 'POST', url: '/api/admin/developments/command' })
    expect(log.parameters).toEqual({ command: 'migrate' })
    expect(JSON.parse(log.return ?? '{}')).toEqual({ ok: true, output: result.output })
  })

  it('answers a migration that fails with its error, and logs it', async () => {
    // Forget the records of every migration after the first while their tables stay: applying them
    // again fails at the first table that exists (the newest alone may change something in place).
    const records = (await t.app.db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at`,
    )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
    const later = records.rows.slice(1)
    expect(later.length).toBeGreaterThan(0)
    for (const record of later)
      await t.app.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${record.id}`)
    const failed = await admin.post('/admin/developments/command', { command: 'migrate' })
    expect(failed.statusCode).toBe(200)
    expect(failed.json()).toMatchObject({ ok: false, output: [expect.stringMatching(/^Failed: /)] })
    expect(JSON.parse((await lastLog()).return ?? '{}').ok).toBe(false)
    for (const record of later)
      await t.app.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${record.hash}, ${record.created_at})`,
      )
    expect((await admin.post('/admin/developments/command', { command: 'migrate' })).json().ok).toBe(true)
  })

  it('runs the seed again without adding anything', async () => {
    const response = await admin.post('/admin/developments/command', { command: 'seed' })
    expect(response.statusCode).toBe(200)
    const output = response.json().output as string[]
    expect(output[0]).toMatch(/^menus: \d+ \(nothing added\)$/)
    expect(output.every((line) => line.endsWith('(nothing added)'))).toBe(true)
  })

  it('refuses a command outside the allowlist and bad parameters with 422', async () => {
    const unknown = await admin.post('/admin/developments/command', { command: 'rm -rf /' })
    expect(unknown.statusCode).toBe(422)
    expect(Object.keys(unknown.json().errors)).toEqual(['command'])
    const bad = await admin.post('/admin/developments/command', {
      command: 'create-admin',
      uname: '1',
      name: '',
      password: 'abc',
    })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'password', 'uname'])
  })

  it('creates a back-office user, and the log keeps no password', async () => {
    const response = await admin.post('/admin/developments/command', {
      command: 'create-admin',
      uname: 'console1',
      name: 'Console user',
      password: 'console-pass-1',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().output[0]).toMatch(/^Created the back-office user "console1" \(#\d+\)/)
    const [user] = await t.app.db.select().from(users).where(eq(users.uname, 'console1'))
    expect(await verify(user.password, 'console-pass-1')).toBe(true)
    const held = await t.app.db
      .select({ role_id: adminRole.role_id })
      .from(adminRole)
      .innerJoin(admins, eq(admins.id, adminRole.admin_id))
      .where(eq(admins.user_id, user.id))
    expect(held).toEqual([{ role_id: 1 }])
    const log = await lastLog()
    expect(JSON.stringify(log.parameters)).not.toContain('console-pass-1')
    expect(log.parameters).toEqual({ command: 'create-admin', uname: 'console1', name: 'Console user' })
    const again = await admin.post('/admin/developments/command', {
      command: 'create-admin',
      uname: 'Console1',
      name: 'Twin',
      password: 'console-pass-1',
    })
    expect(again.statusCode).toBe(422)
    expect(Object.keys(again.json().errors)).toEqual(['uname'])
  })

  it('resets a password, but not that of someone above the caller', async () => {
    const [user] = await t.app.db
      .insert(users)
      .values({ uname: 'forgetful1', name: 'Forgetful', status: 1 })
      .returning()
    const response = await admin.post('/admin/developments/command', {
      command: 'reset-password',
      uname: 'forgetful1',
      password: 'brand-new-1',
    })
    expect(response.statusCode, response.body).toBe(200)
    const [stored] = await t.app.db.select().from(users).where(eq(users.id, user.id))
    expect(await verify(stored.password, 'brand-new-1')).toBe(true)

    const { user: clerk } = await insertLimitedAdmin(t.app.db, [
      { url: '/admin/developments/command', method: 2 },
    ])
    const limited = await adminClient(t.app, clerk.id)
    const refused = await limited.post('/admin/developments/command', {
      command: 'reset-password',
      uname: 'admin',
      password: 'taken-over-1',
    })
    expect(refused.statusCode).toBe(403)
    const missing = await admin.post('/admin/developments/command', {
      command: 'reset-password',
      uname: 'nobody-here',
      password: 'whatever-1',
    })
    expect(missing.statusCode).toBe(422)
  })

  it('lists the tables with their columns and comments, filtered by a keyword', async () => {
    const { api } = await loginAs(t.app, 1)
    const read = (url: string, language: string) =>
      t.app.inject({ url: `/api${url}`, headers: { ...api, language } })
    const response = await read('/admin/developments/tables', 'en')
    expect(response.statusCode).toBe(200)
    const tables = response.json().tables as Array<{
      name: string
      comment: string
      columns: Array<{ name: string; type: string; nullable: boolean; comment: string }>
    }>
    const menus = tables.find((table) => table.name === 'menus')
    expect(menus?.comment).toMatch(/permission table/)
    expect(menus?.columns.find((column) => column.name === 'method')).toMatchObject({
      type: 'integer',
      nullable: false,
      comment: expect.stringMatching(/^Bitmask/),
    })
    expect(menus?.columns.find((column) => column.name === 'url')?.type).toBe('character varying(255)')
    const filtered = (await admin.get('/admin/developments/tables?keyword=withhold')).json().tables
    expect(filtered.map((table: { name: string }) => table.name)).toEqual(['banks'])

    // The comments the migrations wrote read in the reader's language, and are searched so.
    const zh = (await read('/admin/developments/tables?keyword=权限表', 'zh-CN')).json().tables
    expect(zh.map((table: { name: string }) => table.name)).toEqual(['menus'])
    expect(zh[0].comment).toBe('菜单树，同时也是权限表：每个页面和 API 路由都是一个菜单项')
    expect(zh[0].columns.find((column: { name: string }) => column.name === 'status').comment).toBe(
      '1-显示，2-隐藏',
    )
    type Listed = { name: string; comment: string; columns: Array<{ name: string; comment: string }> }
    const comments = (listed: Listed[]): Array<[string, string]> =>
      listed.flatMap(
        (table): Array<[string, string]> => [
          [table.name, table.comment],
          ...table.columns.map((column): [string, string] => [
            `${table.name}.${column.name}`,
            column.comment,
          ]),
        ],
      )
    const zhAll = new Map(comments((await read('/admin/developments/tables', 'zh-CN')).json().tables))
    for (const [key, english] of comments(tables))
      if (english) expect(zhAll.get(key), `${key} is translated`).not.toBe(english)
  })
})

describe('saving the layout of a resource', () => {
  it('stores columns and field order, and the page data carries them', async () => {
    const layout = {
      resource: 'firms',
      columns: [
        { name: 'name', width: 240 },
        { name: 'id', hidden: true },
      ],
      fields: ['full_name', 'name'],
    }
    const saved = await admin.post('/admin/developments/layout', layout)
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await lastLog()).menu_id).toBe(143)
    const page = (await admin.get('/admin/firms')).json()
    expect(page.layout).toMatchObject({
      columns: [
        { name: 'name', width: 240, hidden: false },
        { name: 'id', width: null, hidden: true },
      ],
      fields: ['full_name', 'name'],
    })
    await admin.post('/admin/developments/layout', { ...layout, fields: ['name'] })
    expect((await admin.get('/admin/firms')).json().layout.fields).toEqual(['name'])
    expect((await admin.get('/admin/banks')).json().layout).toBeNull()
  })

  it('refuses columns and fields the resource does not have, or has twice', async () => {
    const cases = [
      [{ resource: 'nothing', columns: [], fields: [] }, 'resource'],
      [{ resource: 'firms', columns: [{ name: 'secret' }], fields: [] }, 'columns'],
      [{ resource: 'firms', columns: [{ name: 'name' }, { name: 'name' }], fields: [] }, 'columns'],
      [{ resource: 'firms', columns: [], fields: ['created_at'] }, 'fields'],
      [{ resource: 'firms', columns: [{ name: 'name', width: 5 }], fields: [] }, 'columns'],
    ] as const
    for (const [body, field] of cases) {
      const response = await admin.post('/admin/developments/layout', body)
      expect(response.statusCode, JSON.stringify(body)).toBe(422)
      expect(Object.keys(response.json().errors)).toEqual([field])
    }
  })
})
