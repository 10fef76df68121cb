import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminRole, admins, logs, menuRole, roles, sessions } from '../../db/schema/index'
import { adminClient } from '../../resource/testing/admin-client'
import { setSetting } from '../../testing/set-setting'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { insertTestUser } from '../auth/insert-test-user'
import { describeBrowser } from './describe-browser'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

/** Logs a user in through the login route from an address, with a browser: a real session row. */
async function logIn(user: { uname: string; plainPassword: string }, ip: string, userAgent = CHROME) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/open/login',
    headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
    payload: { username: user.uname, password: user.plainPassword },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().token as string
}

const asUser = (token: string, language = 'zh-CN') => ({ authorization: `Bearer ${token}`, language })

describe('online sessions (/admin/sessions)', () => {
  it('lists the live sessions with account, address, place, browser, logged in and last seen; searchable', async () => {
    const user = await insertTestUser(t.app)
    await logIn(user, '202.96.128.86')
    const admin = await adminClient(t.app)
    const page = await admin.get(`/admin/sessions/list?keyword=${user.uname}`)
    expect(page.statusCode, page.body).toBe(200)
    const [row] = page.json().data
    expect(row).toMatchObject({
      user_id: user.id,
      account: user.uname,
      ip: '202.96.128.86',
      browser: 'Chrome 131 · Windows',
    })
    expect(row.location).not.toBe('')
    expect(row.created_at).toBeTruthy()
    expect(row.last_used_at).toBeTruthy()
    expect(JSON.stringify(row)).not.toMatch(/token/)
    const byIp = await admin.get('/admin/sessions/list?ip=202.96.128')
    expect(byIp.json().data.map((r: { user_id: number }) => r.user_id)).toContain(user.id)
    const none = await admin.get(
      `/admin/sessions/list?keyword=${user.uname}&created_at=2000-01-01,2000-01-02`,
    )
    expect(none.json().data).toEqual([])
  })

  it('ends sessions: the next request answers 401 force_logout 「您已被管理员强制下线」, and it is logged', async () => {
    const user = await insertTestUser(t.app)
    const token = await logIn(user, '10.1.2.3')
    const admin = await adminClient(t.app)
    const [row] = (await admin.get(`/admin/sessions/list?user_id=${user.id}`)).json().data
    const ended = await admin.delete('/admin/sessions', { ids: [row.id] })
    expect(ended.statusCode, ended.body).toBe(200)
    expect(ended.json()).toEqual({ deleted: 1 })
    const next = await t.app.inject({
      method: 'GET',
      url: '/api/home/personage/index',
      headers: asUser(token),
    })
    expect(next.statusCode).toBe(401)
    expect(next.json()).toMatchObject({ force_logout: true, message: '您已被管理员强制下线' })
    const english = await t.app.inject({ method: 'GET', url: '/api/open/user', headers: asUser(token, 'en') })
    expect(english.json().message).toBe('You have been logged out by an administrator')
    const [entry] = await t.app.db.select().from(logs).orderBy(sql`${logs.id} desc`).limit(1)
    expect(entry).toMatchObject({ user_id: 1, method: 'DELETE', menu_id: 403, parameters: { ids: [row.id] } })
    expect((await admin.get(`/admin/sessions/list?user_id=${user.id}`)).json().data).toEqual([])
    const [stored] = await t.app.db.select().from(sessions).where(eq(sessions.id, row.id))
    expect(stored.end_reason).toBe('ended_by_admin')
  })

  it('shows and ends only the sessions of accounts within the caller’s reach', async () => {
    const other = await insertTestUser(t.app)
    const [role] = await t.app.db.insert(roles).values({ name: 'Session watchers', parent_id: 1 }).returning()
    const [record] = await t.app.db.insert(admins).values({ user_id: other.id }).returning()
    await t.app.db.insert(adminRole).values({ admin_id: record.id, role_id: role.id })
    await t.app.db.insert(menuRole).values([400, 401, 403].map((menu_id) => ({ role_id: role.id, menu_id })))
    const watcher = await adminClient(t.app, other.id)
    const superAdmin = await adminClient(t.app)
    const [mine] = (await superAdmin.get('/admin/sessions/list?user_id=1')).json().data
    expect(mine).toBeTruthy()
    expect((await watcher.get('/admin/sessions/list?user_id=1')).json().data).toEqual([])
    expect((await watcher.delete('/admin/sessions', { ids: [mine.id] })).json()).toEqual({ deleted: 0 })
    const [stored] = await t.app.db.select().from(sessions).where(eq(sessions.id, mine.id))
    expect(stored.ended_at).toBeNull()
  })
})

describe('my sessions (personal data)', () => {
  it('lists my live sessions, marks this one, and ends the others, which are told so', async () => {
    await setSetting(t.app, 'session_concurrent', '1')
    try {
      const user = await insertTestUser(t.app)
      const first = await logIn(user, '10.9.0.1')
      const second = await logIn(
        user,
        '10.9.0.2',
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      )
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/home/personage/sessions',
        headers: asUser(second),
      })
      const rows = listed.json().data as Array<{ id: number; current: boolean; browser: string; ip: string }>
      expect(rows).toHaveLength(2)
      expect(rows.find((r) => r.current)).toMatchObject({ ip: '10.9.0.2', browser: 'Safari 17 · iOS' })
      const others = rows.filter((r) => !r.current).map((r) => r.id)
      const current = rows.filter((r) => r.current).map((r) => r.id)
      const ended = await t.app.inject({
        method: 'DELETE',
        url: '/api/home/personage/sessions',
        headers: asUser(second),
        payload: { ids: [...others, ...current] },
      })
      expect(ended.statusCode, ended.body).toBe(200)
      expect(ended.json().ended).toBe(1)
      const told = await t.app.inject({ method: 'GET', url: '/api/open/user', headers: asUser(first, 'en') })
      expect(told.json()).toMatchObject({
        force_logout: true,
        message: 'This session was ended from another of your devices',
      })
      const still = await t.app.inject({ method: 'GET', url: '/api/open/user', headers: asUser(second) })
      expect(still.json().user.id).toBe(user.id)
    } finally {
      await setSetting(t.app, 'session_concurrent', '0')
    }
  })

  it('keeps one session per account while the setting is off', async () => {
    const user = await insertTestUser(t.app)
    const first = await logIn(user, '10.9.1.1')
    await logIn(user, '10.9.1.2')
    const told = await t.app.inject({ method: 'GET', url: '/api/open/user', headers: asUser(first, 'en') })
    expect(told.json()).toMatchObject({
      force_logout: true,
      message: 'Your account has been logged in elsewhere',
    })
  })
})

describe('describeBrowser', () => {
  it('names the browser, its major version and the system', () => {
    expect(describeBrowser(CHROME)).toBe('Chrome 131 · Windows')
    expect(
      describeBrowser(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      ),
    ).toBe('Edge 131 · macOS')
    expect(describeBrowser('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox 133 · Linux',
    )
    expect(describeBrowser('curl/8.5.0')).toBe('curl/8.5.0')
    expect(describeBrowser('')).toBe('')
  })
})
