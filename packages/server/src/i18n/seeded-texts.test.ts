import { LANGUAGES } from '@brokerdesk/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configs, roles } from '../db/schema/index'
import { DEFAULT_CONFIGS } from '../db/seed/config-defaults'
import { buildMenuRows } from '../db/seed/menu-rows'
import { MENU_TREE } from '../db/seed/menu-tree'
import { loginAs } from '../testing/login-as'
import { createTestApp, type TestApp } from '../testing/test-app'
import { SEEDED_CATALOGUES, seededSourcesMatching, seededText } from './seeded-texts'

let t: TestApp
let api: { authorization: string }

beforeAll(async () => {
  t = await createTestApp()
  api = (await loginAs(t.app, 1)).api
})
afterAll(() => t.close())

const call = (method: 'GET' | 'PUT', url: string, language: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...api, language }, ...(payload ? { payload } : {}) })

const ASCII_WORD = /[A-Za-z]{2,}/

describe("seeded texts read in the reader's language", () => {
  it('answers the super administrator role, its description and the operator in zh-CN and en', async () => {
    const zh = (await call('GET', '/admin/roles/1', 'zh-CN')).json().row
    expect(zh).toMatchObject({ name: '超级管理员', description: '拥有全部权限' })
    const english = (await call('GET', '/admin/roles/1', 'en')).json().row
    expect(english).toMatchObject({ name: 'Super administrator', description: 'Holds every permission' })
    const user = (await call('GET', '/open/user', 'ja')).json().user
    expect(user.name).toBe('管理者')
    expect(user.admin.roles[0].name).toBe('スーパー管理者')
  })

  it('answers every seeded setting with a name and description free of English in zh-CN', async () => {
    const rows = (await call('GET', '/admin/configs/list?per_page=100', 'zh-CN')).json().data as Array<{
      name: string
      description: string
    }>
    expect(rows.length).toBeGreaterThanOrEqual(20)
    for (const row of rows) expect(row.name, row.name).not.toMatch(/[A-Za-z]/)
    const values = Object.fromEntries(
      (rows as unknown as Array<{ key: string; value: string }>).map((row) => [row.key, row.value]),
    )
    expect(values.site_description).toBe('保险经纪公司的业务管理后台')
    expect(values.user_agreement).toMatch(/^注册账号即表示您接受本协议/)
    const english = (await call('GET', '/admin/configs/list?per_page=100', 'en')).json().data
    expect(english.map((row: { name: string }) => row.name)).toContain('Site name')
  })

  it('finds a seeded row by the name the reader sees, and still by what is stored', async () => {
    const found = (await call('GET', '/admin/roles/list?keyword=超级', 'zh-CN')).json().data
    expect(found.map((row: { id: number }) => row.id)).toEqual([1])
    const stored = (await call('GET', '/admin/roles/list?keyword=Super', 'zh-CN')).json().data
    expect(stored.map((row: { id: number }) => row.id)).toEqual([1])
    const none = (await call('GET', '/admin/roles/list?keyword=超级', 'en')).json().data
    expect(none).toEqual([])
  })

  it('keeps a seeded text seeded when the form sends it back translated, and a typed one as typed', async () => {
    const [setting] = await t.app.db.select().from(configs).where(eq(configs.key, 'contact_phone'))
    const shown = (await call('GET', `/admin/configs/${setting.id}`, 'zh-CN')).json().row
    expect(shown.name).toBe('联系电话')
    const resent = await call('PUT', `/admin/configs/${setting.id}`, 'zh-CN', {
      name: shown.name,
      description: shown.description,
      value: '400-800-8000',
    })
    expect(resent.statusCode, resent.body).toBe(200)
    const [kept] = await t.app.db.select().from(configs).where(eq(configs.id, setting.id))
    expect(kept).toMatchObject({ name: 'Contact phone', value: '400-800-8000' })
    expect((await call('GET', `/admin/configs/${setting.id}`, 'de')).json().row.name).toBe('Kontakttelefon')

    const typed = await call('PUT', `/admin/roles/1`, 'zh-CN', { description: '总部管理员' })
    expect(typed.statusCode, typed.body).toBe(200)
    const [role] = await t.app.db.select().from(roles).where(eq(roles.id, 1))
    expect(role.description).toBe('总部管理员')
    expect((await call('GET', '/admin/roles/1', 'en')).json().row).toMatchObject({
      name: 'Super administrator',
      description: '总部管理员',
    })
  })

  it('names menu items in the visible menu and the operation log in the language', async () => {
    const menus = (await call('GET', '/open/menu', 'en')).json().menus as Array<{ id: number; name: string }>
    expect(menus.find((item) => item.id === 5)?.name).toBe('Dashboard')
    const zhMenus = (await call('GET', '/open/menu', 'zh-CN')).json().menus as Array<{
      id: number
      name: string
    }>
    expect(zhMenus.find((item) => item.id === 88)?.name).toBe('银行管理 · 新建')
    const logs = (await call('GET', '/admin/logs/list', 'en')).json().data
    for (const entry of logs) expect(entry.menu_name).not.toMatch(/^(Update|Create|Delete) /)
  })
})

describe('the seeded catalogues', () => {
  const english = SEEDED_CATALOGUES.en
  const rows = buildMenuRows(MENU_TREE)

  it('name every seeded menu item, role and setting in every language', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const catalogue = SEEDED_CATALOGUES[language]
      for (const row of rows.filter((r) => (r.resource_id ?? 0) <= 0))
        expect(catalogue.menus?.[String(row.id)]?.name, `${language} ${row.name}`).toBeTruthy()
      for (const config of DEFAULT_CONFIGS) {
        expect(catalogue.configs?.[config.key ?? '']?.name, `${language} ${config.key}`).toBeTruthy()
        expect(catalogue.configs?.[config.key ?? '']?.description, `${language} ${config.key}`).toBeTruthy()
      }
      for (const key of ['site_description', 'user_agreement', 'privacy_policy'])
        expect(catalogue.configs?.[key]?.value, `${language} ${key} value`).toBeTruthy()
      for (const key of Object.keys(english.tables ?? {}))
        expect(catalogue.tables?.[key], `${language} ${key}`).toBeTruthy()
      expect(catalogue.roles?.['1']).toBeTruthy()
      if (language.startsWith('zh'))
        for (const row of rows) {
          const name = seededText(language, 'menus', row.id, 'name', row.name ?? '')
          expect(name, `${language} ${row.name}`).not.toMatch(ASCII_WORD)
        }
    }
  })

  it('hold English names for the clumsy original ones, and search them', () => {
    expect(english.menus?.['33'].name).toBe('Back-office users')
    expect(seededSourcesMatching('en', 'menus', 'name', 'back-office')).toContain('Background users')
  })
})
