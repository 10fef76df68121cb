import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs } from '../../testing/login-as'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { endUserSessions } from './sessions'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('sessions', () => {
  it('GET /open/user answers the session user with admin and roles, never the password', async () => {
    const me = await loginAs(t.app, 1)
    for (const [prefix, headers] of [
      ['/web-api', me.web],
      ['/api', me.api],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `${prefix}/open/user`, headers })
      const body = response.json()
      expect(body.lifetime).toBe(120)
      expect(body.user).toMatchObject({ id: 1, uname: 'admin', admin: { id: 1 } })
      expect(body.user.admin.roles[0].name).toBeTruthy()
      expect(JSON.stringify(body)).not.toMatch(/argon2|password/)
    }
  })

  it('a visitor has an empty user and sees only the open menu; an admin sees all three groups', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/web-api/open/user' })
    expect(visitor.json().user).toEqual({})
    const me = await loginAs(t.app, 1)
    const menu = await t.app.inject({ method: 'GET', url: '/web-api/open/menu', headers: me.web })
    const groups = new Set(menu.json().menus.map((m: { group: string }) => m.group))
    expect(groups).toEqual(new Set(['', 'open', 'home', 'admin']))
  })

  it('logout ends the session for good', async () => {
    const me = await loginAs(t.app, 1)
    const out = await t.app.inject({ method: 'POST', url: '/web-api/open/logout', headers: me.web })
    expect(out.statusCode).toBe(200)
    expect(out.cookies.find((c) => c.name === 'Authorization')?.value).toBe('')
    const after = await t.app.inject({ method: 'GET', url: '/api/open/user', headers: me.api })
    expect(after.json().user).toEqual({})
  })

  it('a session ended by a login elsewhere answers force_logout', async () => {
    const first = await loginAs(t.app, 1)
    const second = await loginAs(t.app, 1)
    // Ended straight in the database, as another process's login would: heard within moments.
    await endUserSessions(t.app.db, 1, 'logged_in_elsewhere', second.sessionId)
    const ask = () =>
      t.app.inject({ method: 'GET', url: '/web-api/open/user', headers: { ...first.web, language: 'en' } })
    let response = await ask()
    for (const until = Date.now() + 3000; response.statusCode !== 401 && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      response = await ask()
    }
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({
      force_logout: true,
      message: 'Your account has been logged in elsewhere',
    })
    const still = await t.app.inject({ method: 'GET', url: '/api/open/user', headers: second.api })
    expect(still.json().user.id).toBe(1)
  })
})
