import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { desc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { findNestedSetProblems } from '../../../db/nested-set'
import { logs, menuRole, menus } from '../../../db/schema/index'
import { type AdminClient, adminClient } from '../../../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../../../testing/test-app'
import { discoverPlugins } from './discover-plugins'

const REPO_PLUGINS = path.resolve(import.meta.dirname, '../../../../../../plugins')
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-plugins-'))

/** Writes a plug-in folder: its manifest and files. */
function writePlugin(dir: string, manifest: Record<string, unknown>, files: Record<string, string> = {}) {
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, 'plugin.json'), JSON.stringify(manifest))
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text)
}

/** A one-page plug-in whose table is `table`; `up` creates it. */
const pagePlugin = (name: string, up: string, upFile = 'up.sql') => ({
  manifest: {
    name,
    version: '0.1.0',
    title: name,
    migrations: [{ name: '0001', up: upFile, down: 'down.sql' }],
    menus: [{ parent_id: 7, name, url: `/admin/${name}`, resource: { item: name } }],
    pages: [{ resource: name, table: name.replace(/-/g, '_'), fields: { title: { kind: 'text' } } }],
  },
  files: { 'up.sql': up, 'down.sql': `drop table if exists ${name.replace(/-/g, '_')}` },
})

let t: TestApp
let admin: AdminClient
beforeAll(async () => {
  const lacking = pagePlugin('lacking', 'create table lacking (id integer primary key, title text)')
  writePlugin(path.join(scratch, 'dirs/lacking'), lacking.manifest, lacking.files)
  const escaping = pagePlugin('escaping', 'select 1', '../escape.sql')
  writePlugin(path.join(scratch, 'dirs/escaping'), escaping.manifest, escaping.files)
  fs.writeFileSync(path.join(scratch, 'dirs/escape.sql'), 'drop table users')
  const taking = pagePlugin('firms', 'select 1')
  writePlugin(path.join(scratch, 'dirs/taking'), taking.manifest, taking.files)
  // Installing and uninstalling are local-only.
  t = await createTestApp({
    env: { APP_ENV: 'local', PLUGIN_DIRS: `${REPO_PLUGINS},${path.join(scratch, 'dirs')}` },
  })
  admin = await adminClient(t.app)
})
afterAll(async () => {
  await t.close()
  fs.rmSync(scratch, { recursive: true, force: true })
})

const lastLog = async () => (await t.app.db.select().from(logs).orderBy(desc(logs.id)).limit(1))[0]
const pluginMenus = () => t.app.db.select().from(menus).where(eq(menus.plug_in_key, 'notices'))
const tableExists = async (name: string) =>
  (
    (await t.app.db.execute(sql`select to_regclass(${name}) as found`)) as unknown as {
      rows: { found: unknown }[]
    }
  ).rows[0].found !== null

/** The notices plug-in as each test finds it: not installed, no data kept. */
beforeEach(async () => {
  const listed = (await admin.get('/admin/developments/plugins')).json().plugins as Array<
    Record<string, unknown>
  >
  const notices = listed.find((plugin) => plugin.name === 'notices')
  if (notices?.installed_version !== null || notices.data_kept) {
    const dropped = await admin.delete('/admin/developments/plugins', { name: 'notices', drop_data: true })
    expect(dropped.statusCode, dropped.body).toBe(200)
  }
})

/** The notices plug-in installed with one notice in it. */
async function installNoticesWithOne(): Promise<void> {
  expect((await admin.post('/admin/developments/plugins', { name: 'notices' })).statusCode).toBe(200)
  const created = await admin.post('/admin/notices', { title: 'Office closed on Friday', level: 2 })
  expect(created.statusCode, created.body).toBe(201)
}

describe('plug-ins', () => {
  it('lists those found, with why one cannot be used', async () => {
    const response = await admin.get('/admin/developments/plugins')
    expect(response.statusCode).toBe(200)
    const list = response.json().plugins as Array<Record<string, unknown>>
    const byName = Object.fromEntries(list.map((plugin) => [plugin.name, plugin]))
    expect(byName.notices).toMatchObject({
      version: '1.0.0',
      source: 'folder',
      installed_version: null,
      menus: ['/admin/notices'],
      pages: ['notices'],
      error: null,
    })
    expect(byName.lacking.error).toBeNull()
    expect(byName.escaping.error).toMatch(/outside the plug-in/)
    expect(byName.firms.error).toMatch(/\/admin\/firms is taken/)
  })

  it('serves a page only once installed, and installs menus, table and texts in one go', async () => {
    expect((await admin.get('/admin/notices')).statusCode).toBe(403)
    const installed = await admin.post('/admin/developments/plugins', { name: 'notices' })
    expect(installed.statusCode, installed.body).toBe(200)
    expect(installed.json()).toEqual({ name: 'notices', version: '1.0.0', menus: 8, data_kept: false })
    expect((await lastLog()).menu_id).toBe(191)

    const items = await pluginMenus()
    expect(items.map((item) => item.id).sort()).toEqual([1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007])
    expect(items.find((item) => item.id === 1000)).toMatchObject({
      parent_id: 7,
      url: '/admin/notices',
      group: 'admin',
    })
    const tree = await t.app.db.select().from(menus)
    expect(findNestedSetProblems(tree)).toEqual([])

    const page = await admin.get('/admin/notices')
    expect(page.statusCode).toBe(200)
    expect(page.json().fields.map((field: { name: string }) => field.name)).toEqual([
      'id',
      'title',
      'level',
      'pinned',
      'published_at',
      'expires_on',
      'content',
      'created_at',
      'updated_at',
    ])
    const created = await admin.post('/admin/notices', {
      title: 'Office closed on Friday',
      level: 2,
      published_at: '2026-05-01 09:00:00',
      content: '**Closed**',
    })
    expect(created.statusCode, created.body).toBe(201)
    const bad = await admin.post('/admin/notices', { title: '', level: 9 })
    expect(Object.keys(bad.json().errors).sort()).toEqual(['level', 'title'])
    const list = (await admin.get('/admin/notices/list?keyword=closed')).json().data
    expect(list).toEqual([expect.objectContaining({ title: 'Office closed on Friday', level: 2, pinned: 0 })])

    const texts = await t.app.inject({ url: '/api/open/plugin-texts', headers: { language: 'zh-CN' } })
    expect(texts.json().texts).toMatchObject({
      menu: { Notices: '公告', 'Notice details': '公告详情' },
      labels: { notices: { title: '标题' } },
      options: { notices: { level: { important: '重要' } } },
    })
    expect((await admin.post('/admin/developments/plugins', { name: 'notices' })).statusCode).toBe(422)
  })

  it('uninstalls keeping the data: menus and their holders gone, page refused, the table kept', async () => {
    await installNoticesWithOne()
    const ids = (await pluginMenus()).map((item) => item.id)
    const response = await admin.delete('/admin/developments/plugins', { name: 'notices' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ name: 'notices', menus: 8, data_dropped: false })
    expect((await lastLog()).menu_id).toBe(192)
    expect(await pluginMenus()).toEqual([])
    expect(await t.app.db.select().from(menuRole).where(inArray(menuRole.menu_id, ids))).toEqual([])
    expect(findNestedSetProblems(await t.app.db.select().from(menus))).toEqual([])
    expect(await tableExists('notices')).toBe(true)
    expect((await admin.get('/admin/notices')).statusCode).toBe(403)
    const texts = await t.app.inject({ url: '/api/open/plugin-texts' })
    expect(texts.json().texts).toEqual({})
    const listed = (await admin.get('/admin/developments/plugins')).json().plugins
    expect(listed.find((p: { name: string }) => p.name === 'notices')).toMatchObject({
      installed_version: null,
      data_kept: true,
    })
    expect((await admin.delete('/admin/developments/plugins', { name: 'notices' })).statusCode).toBe(404)
  })

  it('installed again, finds its data; uninstalled with drop_data, drops it', async () => {
    await installNoticesWithOne()
    expect((await admin.delete('/admin/developments/plugins', { name: 'notices' })).statusCode).toBe(200)
    const again = await admin.post('/admin/developments/plugins', { name: 'notices' })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toMatchObject({ menus: 8, data_kept: true })
    const list = (await admin.get('/admin/notices/list')).json().data
    expect(list.map((row: { title: string }) => row.title)).toEqual(['Office closed on Friday'])
    const dropped = await admin.delete('/admin/developments/plugins', { name: 'notices', drop_data: true })
    expect(dropped.json()).toEqual({ name: 'notices', menus: 8, data_dropped: true })
    expect(await tableExists('notices')).toBe(false)
    expect(await pluginMenus()).toEqual([])
    expect((await admin.delete('/admin/developments/plugins', { name: 'notices' })).statusCode).toBe(404)
  })

  it('drops the data an earlier uninstall kept, when asked', async () => {
    expect((await admin.post('/admin/developments/plugins', { name: 'notices' })).statusCode).toBe(200)
    expect((await admin.delete('/admin/developments/plugins', { name: 'notices' })).statusCode).toBe(200)
    const dropped = await admin.delete('/admin/developments/plugins', { name: 'notices', drop_data: true })
    expect(dropped.json()).toEqual({ name: 'notices', menus: 0, data_dropped: true })
    expect(await tableExists('notices')).toBe(false)
    const listed = (await admin.get('/admin/developments/plugins')).json().plugins
    expect(listed.find((p: { name: string }) => p.name === 'notices')).toMatchObject({ data_kept: false })
  })

  it('leaves nothing behind when a plug-in cannot be installed', async () => {
    const lacking = await admin.post('/admin/developments/plugins', { name: 'lacking' })
    expect(lacking.statusCode).toBe(422)
    expect(lacking.json().errors.name[0]).toMatch(
      /lacking\.created_at, lacking\.updated_at, lacking\.deleted_at/,
    )
    expect(await tableExists('lacking')).toBe(false)
    expect(await t.app.db.select().from(menus).where(eq(menus.plug_in_key, 'lacking'))).toEqual([])
    expect((await admin.post('/admin/developments/plugins', { name: 'escaping' })).statusCode).toBe(422)
    expect((await admin.post('/admin/developments/plugins', { name: 'absent' })).statusCode).toBe(404)
    expect((await admin.post('/admin/developments/plugins', { name: '../x' })).statusCode).toBe(422)
  })
})

describe('finding plug-ins', () => {
  it('finds an npm package holding a plugin.json in node_modules above the start folder', () => {
    const project = path.join(scratch, 'project')
    const holidays = pagePlugin('holidays', 'create table holidays (id integer)')
    writePlugin(path.join(project, 'node_modules/@acme/holidays'), holidays.manifest, holidays.files)
    fs.mkdirSync(path.join(project, 'packages/server'), { recursive: true })
    const found = discoverPlugins({
      dirs: [],
      packages: ['@acme/holidays', 'not-installed'],
      from: path.join(project, 'packages/server'),
    })
    expect(found[0]).toMatchObject({ name: 'holidays', source: 'package' })
    expect(found[0].error).toBeUndefined()
    expect(found[0].manifest?.migrations[0].up).toBe('create table holidays (id integer)')
    expect(found[1]).toMatchObject({
      name: 'not-installed',
      error: expect.stringMatching(/has no plugin.json/),
    })
  })
})
