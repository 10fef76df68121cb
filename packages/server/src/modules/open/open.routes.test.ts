import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs } from '../../testing/login-as'
import {
  cookieHeader,
  createTestApp,
  csrfSession,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /open/config', () => {
  it('answers the global configuration under both mounts', async () => {
    for (const prefix of ['/api', '/web-api']) {
      const response = await t.app.inject({ method: 'GET', url: `${prefix}/open/config` })
      expect(response.statusCode).toBe(200)
      const config = response.json()
      expect(config).toMatchObject({
        api_url: '/api',
        web_url: '/web-api',
        use_url: '/web-api',
        lifetime: 120,
        theme: 'primary',
        default_language: 'zh-CN',
        page_gray: 0,
      })
      expect(config.client_id).toMatch(/^[A-Za-z0-9]{32}$/)
      expect(config.locales).toHaveLength(12)
    }
  })
})

describe('GET /open/client-id', () => {
  it('issues a client id in a cookie kept for 3650 days', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/web-api/open/client-id' })
    const cookie = response.cookies.find((c) => c.name === 'Client-Id')
    expect(cookie?.value).toBe(response.json().client_id)
    expect(cookie?.maxAge).toBe(3650 * 86_400)
  })

  it('keeps the client id the caller already has', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/web-api/open/client-id' })
    const again = await t.app.inject({
      method: 'GET',
      url: '/web-api/open/client-id',
      headers: { cookie: cookieHeader(first) },
    })
    expect(again.json().client_id).toBe(first.json().client_id)
    expect(again.cookies).toHaveLength(0)
  })
})

describe('CSRF token on /web-api writes', () => {
  it('accepts a write that carries the token issued to its client', async () => {
    const { cookie, token } = await csrfSession(t.app)
    const response = await t.app.inject({
      method: 'POST',
      url: '/web-api/open/logout',
      headers: { cookie, 'x-csrf-token': token },
    })
    expect(response.statusCode).toBe(200)
  })

  it('answers 419 with a message that mentions the token when it is missing', async () => {
    const { cookie } = await csrfSession(t.app)
    const response = await t.app.inject({ method: 'POST', url: '/web-api/open/logout', headers: { cookie } })
    expect(response.statusCode).toBe(419)
    expect(response.json().message.toLowerCase()).toContain('token')
  })

  it('refuses a token issued to another client', async () => {
    const mine = await csrfSession(t.app)
    const theirs = await csrfSession(t.app)
    const response = await t.app.inject({
      method: 'POST',
      url: '/web-api/open/logout',
      headers: { cookie: mine.cookie, 'x-csrf-token': theirs.token, language: 'en' },
    })
    expect(response.statusCode).toBe(419)
    expect(response.json().message).toBe('Token has expired, please try again')
  })

  it('binds the token to the session: the one held before a login is refused after it, and the login answers a new one', async () => {
    const before = await csrfSession(t.app)
    const login = await t.app.inject({
      method: 'POST',
      url: '/web-api/open/login',
      headers: { cookie: before.cookie, 'x-csrf-token': before.token },
      payload: { username: 'admin', password: TEST_ADMIN_PASSWORD },
    })
    expect(login.statusCode, login.body).toBe(200)
    const rotated = login.json()._token as string
    expect(rotated).toMatch(/^\d+\./)
    const cookie = `${before.cookie}; ${cookieHeader(login)}`
    const write = (token: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/web-api/home/list-settings/firms',
        headers: { cookie, 'x-csrf-token': token },
        payload: { columns: [] },
      })
    expect((await write(before.token)).statusCode).toBe(419)
    expect((await write(rotated)).statusCode).not.toBe(419)

    // Another session of the same browser (same client id) cannot use this session's token.
    const other = await loginAs(t.app, 1)
    const [clientCookie] = before.cookie.split(';')
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/web-api/home/list-settings/firms',
      headers: { cookie: `${clientCookie}; Authorization=${other.token}`, 'x-csrf-token': rotated },
      payload: { columns: [] },
    })
    expect(foreign.statusCode).toBe(419)
  })

  it('does not ask API clients under /api for a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/open/logout' })
    expect(response.statusCode).toBe(200)
  })
})

describe('GET /open/menu', () => {
  it('shows a visitor only the open area', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/web-api/open/menu' })
    const menus: Array<{ group: string; url: string; method: number[] }> = response.json().menus
    expect(menus.length).toBeGreaterThan(0)
    expect(menus.some((m) => m.url === '/open/index')).toBe(true)
    expect(menus.every((m) => m.group === 'open' || m.group === '')).toBe(true)
    expect(menus.find((m) => m.url === '/open/login')?.method).toEqual([1])
  })
})

describe('errors', () => {
  it('answers an unknown API path with a JSON 404 in the caller language', async () => {
    const zh = await t.app.inject({ method: 'GET', url: '/web-api/nothing-here' })
    expect(zh.statusCode).toBe(404)
    expect(zh.json()).toMatchObject({ code: 'not_found', message: '哎呀！页面未找到' })
    const en = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { language: 'en' } })
    expect(en.json().message).toBe('Oops! Page not found')
  })

  it('answers bad input with 422 and the field that is wrong, not a 500', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/open/user?force=1&force=2',
      headers: { language: 'en' },
    })
    expect(response.statusCode).toBe(422)
    expect(Object.keys(response.json().errors)).toEqual(['force'])
  })
})
