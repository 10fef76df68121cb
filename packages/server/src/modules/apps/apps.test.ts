import { METHOD_BITS } from '@brokerdesk/shared'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logs, menuRole, menus, users } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { insertLimitedAdmin } from '../../resource/testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'

let t: TestApp
let root: AdminClient

beforeAll(async () => {
  t = await createTestApp()
  root = await adminClient(t.app)
})
afterAll(() => t.close())

const GET = METHOD_BITS.get
const BANKS = { url: '/admin/banks/list', method: GET }
const FIRMS = { url: '/admin/firms/list', method: GET }
const PERSONAGE = { url: '/admin/personage/index', method: GET }

/** An app of a back-office user holding `ownerGrants`, approved with a role holding `appGrants`. */
async function approvedApp(ownerGrants: (typeof BANKS)[], appGrants: (typeof BANKS)[], allowed_ips = '') {
  const owner = await insertLimitedAdmin(t.app.db, ownerGrants)
  const granted = await insertLimitedAdmin(t.app.db, appGrants)
  const client = await adminClient(t.app, owner.user.id)
  const created = await client.post('/home/apps', {
    name: 'Sync job',
    description: 'Nightly sync',
    allowed_ips,
  })
  expect(created.statusCode, created.body).toBe(200)
  const { app, secret } = created.json()
  expect(secret).toMatch(/^[A-Za-z0-9]{40}$/)
  const approve = await root.put(`/admin/apps/${app.id}`, { review: 1, role_id: granted.role.id })
  expect(approve.statusCode, approve.body).toBe(200)
  return { owner, granted, client, app, secret }
}

async function tokenOf(client_id: string, client_secret: string, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/open/apps/token',
    headers: { 'x-forwarded-for': ip },
    payload: { grant_type: 'client_credentials', client_id, client_secret },
  })
}

const call = (token: string, url: string, ip = '127.0.0.1') =>
  t.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
  })

describe('apps', () => {
  it('get a token only once approved, act within their role and their owner’s, and every call is logged under them', async () => {
    const { owner, app, secret, client } = await approvedApp([BANKS, FIRMS, PERSONAGE], [BANKS, PERSONAGE])
    // The secret is never shown again and is stored hashed.
    expect(JSON.stringify((await client.get(`/home/apps/${app.id}`)).json())).not.toContain(secret)
    expect((await tokenOf(app.client_id, `${secret}x`)).statusCode).toBe(401)
    const issued = await tokenOf(app.client_id, secret)
    expect(issued.statusCode, issued.body).toBe(200)
    const { access_token, token_type, expires_in } = issued.json()
    expect(token_type).toBe('Bearer')
    expect(expires_in).toBe(7200)

    const banks = await call(access_token, '/admin/banks/list')
    expect(banks.statusCode, banks.body).toBe(200)
    // The owner holds firms, the app's role does not.
    expect((await call(access_token, '/admin/firms/list')).statusCode).toBe(403)
    // Apps never act on a person's own routes.
    expect((await call(access_token, '/home/apps')).statusCode).toBe(403)
    // Nor on the back office's personal centre, even where its role holds it.
    const personage = await call(access_token, '/admin/personage/index')
    expect(personage.statusCode).toBe(403)
    expect(personage.json().message).toBe('应用只能调用后台接口，不能调用个人中心')
    // A token is for /api only.
    const web = await t.app.inject({
      method: 'GET',
      url: '/web-api/admin/banks/list',
      headers: { authorization: `Bearer ${access_token}` },
    })
    expect(web.statusCode).toBe(401)

    const rows = await t.app.db.select().from(logs).where(eq(logs.app_id, app.id))
    expect(rows.map((r) => [r.url, r.return])).toEqual(
      expect.arrayContaining([
        ['/api/open/apps/token', null],
        ['/api/admin/banks/list', '200'],
        ['/api/admin/firms/list', '403'],
      ]),
    )
    expect(rows.every((r) => r.user_id === owner.user.id)).toBe(true)

    // The owner loses the banks list: the app loses it at once.
    const items = await t.app.db.select({ id: menus.id }).from(menus).where(eq(menus.url, BANKS.url))
    await t.app.db.delete(menuRole).where(
      and(
        eq(menuRole.role_id, owner.role.id),
        inArray(
          menuRole.menu_id,
          items.map((i) => i.id),
        ),
      ),
    )
    expect((await call(access_token, '/admin/banks/list')).statusCode).toBe(403)
  })

  it('are refused from addresses outside their allowlist, when disabled, and after a secret rotation', async () => {
    const { app, secret, client } = await approvedApp([BANKS], [BANKS], '10.1.0.0/16\n192.0.2.7')
    expect((await tokenOf(app.client_id, secret, '203.0.113.9')).statusCode).toBe(403)
    const issued = await tokenOf(app.client_id, secret, '10.1.200.3')
    expect(issued.statusCode, issued.body).toBe(200)
    const token = issued.json().access_token
    expect((await call(token, '/admin/banks/list', '10.1.200.3')).statusCode).toBe(200)
    expect((await call(token, '/admin/banks/list', '192.0.2.7')).statusCode).toBe(200)
    const outside = await call(token, '/admin/banks/list', '192.0.2.8')
    expect(outside.statusCode).toBe(403)
    expect(outside.json().message).toMatch(/IP/)

    // Disabled by an administrator: 403 on the next call.
    expect((await root.put(`/admin/apps/${app.id}`, { review: 2 })).statusCode).toBe(200)
    expect((await call(token, '/admin/banks/list', '10.1.200.3')).statusCode).toBe(403)
    expect((await tokenOf(app.client_id, secret, '10.1.200.3')).statusCode).toBe(403)
    expect((await root.put(`/admin/apps/${app.id}`, { review: 1 })).statusCode).toBe(200)
    expect((await call(token, '/admin/banks/list', '10.1.200.3')).statusCode).toBe(200)

    // Rotating the secret ends the old secret and its tokens.
    const rotated = await client.post(`/home/apps/${app.id}/secret`)
    expect(rotated.statusCode).toBe(200)
    expect((await call(token, '/admin/banks/list', '10.1.200.3')).statusCode).toBe(401)
    expect((await tokenOf(app.client_id, secret, '10.1.200.3')).statusCode).toBe(401)
    expect((await tokenOf(app.client_id, rotated.json().secret, '10.1.200.3')).statusCode).toBe(200)
  })

  it('go back to review when their owner changes the allowlist, and keep working for other changes', async () => {
    const { app, secret, client } = await approvedApp([BANKS], [BANKS], '10.1.0.0/16')
    const token = (await tokenOf(app.client_id, secret, '10.1.0.5')).json().access_token
    const renamed = await client.put(`/home/apps/${app.id}`, {
      name: 'Renamed job',
      description: 'Nightly sync',
      allowed_ips: '10.1.0.0/16\n',
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json().app.review).toBe(1)
    expect((await call(token, '/admin/banks/list', '10.1.0.5')).statusCode).toBe(200)

    const widened = await client.put(`/home/apps/${app.id}`, {
      name: 'Renamed job',
      description: 'Nightly sync',
      allowed_ips: '0.0.0.0/0',
    })
    expect(widened.statusCode, widened.body).toBe(200)
    expect(widened.json().app.review).toBe(0)
    expect((await call(token, '/admin/banks/list', '10.1.0.5')).statusCode).toBe(403)
    expect((await tokenOf(app.client_id, secret, '10.1.0.5')).statusCode).toBe(403)
  })

  it('get no token while their owner is stopped', async () => {
    const { owner, app, secret } = await approvedApp([BANKS], [BANKS])
    await t.app.db.update(users).set({ status: 0 }).where(eq(users.id, owner.user.id))
    const refused = await tokenOf(app.client_id, secret)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe('该应用的所有者账号已停用，不能获取令牌')
  })

  it('validate their allowlist and belong to their owner only', async () => {
    const a = await adminClient(t.app, (await insertLimitedAdmin(t.app.db, [])).user.id)
    const b = await adminClient(t.app, (await insertLimitedAdmin(t.app.db, [])).user.id)
    const bad = await a.post('/home/apps', { name: 'X', allowed_ips: '10.0.0.0/33' })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors)).toEqual(['allowed_ips'])
    const made = await a.post('/home/apps', { name: 'Mine', allowed_ips: '10.0.0.1, 10.0.0.1 ::1' })
    expect(made.json().app.allowed_ips).toBe('10.0.0.1\n::1')
    const id = made.json().app.id
    expect((await b.get(`/home/apps/${id}`)).statusCode).toBe(404)
    expect((await b.put(`/home/apps/${id}`, { name: 'Stolen' })).statusCode).toBe(404)
    expect((await b.get('/home/apps')).json().apps).toEqual([])
    // Pending apps get no token.
    expect((await tokenOf(made.json().app.client_id, made.json().secret)).statusCode).toBe(403)
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/banks/list',
          headers: { authorization: 'Bearer apt_nope' },
        })
      ).statusCode,
    ).toBe(401)
  })
})
