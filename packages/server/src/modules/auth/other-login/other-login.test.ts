import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oauthTypeOf } from '../../../config'
import { ousers } from '../../../db/schema/index'
import { startOidcProvider } from '../../../testing/openid-provider'
import { createTestApp, csrfSession, type TestApp } from '../../../testing/test-app'
import { insertTestUser } from '../insert-test-user'

const APP_URL = 'http://brokerdesk.test'
const CALLBACK = `${APP_URL}/web-api/open/other-login-callback/acme`
const ACME_TYPE = oauthTypeOf('acme')

let t: TestApp
let idp: Awaited<ReturnType<typeof startOidcProvider>>
let issuer: string

beforeAll(async () => {
  idp = await startOidcProvider({
    id: 'brokerdesk',
    secret: 'acme-client-secret',
    redirectUris: [CALLBACK, `${APP_URL}/api/open/other-login-callback/acme`],
  })
  issuer = idp.issuer
  t = await createTestApp({
    env: {
      APP_URL,
      OIDC_PROVIDERS: 'acme',
      OIDC_ACME_ISSUER: issuer,
      OIDC_ACME_CLIENT_ID: 'brokerdesk',
      OIDC_ACME_CLIENT_SECRET: 'acme-client-secret',
      OIDC_ACME_LABEL: 'Acme ID',
    },
  })
})
afterAll(async () => {
  await t.close()
  await idp.close()
})

const cookiesOf = (response: LightMyRequestResponse) =>
  Object.fromEntries(response.cookies.map((c) => [c.name, c.value]))

/**
 * Signs in at the provider as `account` the way a browser does: follows its redirects with a cookie
 * jar and submits its login and consent forms. Answers the address it finally sends the browser to.
 */
async function signInAtProvider(authorizationUrl: string, account: string): Promise<URL> {
  const jar = new Map<string, string>()
  let next: { url: string; init?: RequestInit } = { url: authorizationUrl }
  for (let step = 0; step < 12; step++) {
    const response = await fetch(next.url, {
      ...next.init,
      redirect: 'manual',
      headers: { ...(next.init?.headers ?? {}), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, value] = pair.split('=')
      jar.set(name, value)
    }
    const location = response.headers.get('location')
    if (location) {
      const target = new URL(location, next.url)
      if (target.href.startsWith(APP_URL)) return target
      next = { url: target.href }
      continue
    }
    const html = await response.text()
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1]
    if (!action) throw new Error(`no form at ${next.url}: ${response.status} ${html.slice(0, 200)}`)
    const fields = new URLSearchParams()
    for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
      fields.set(name, value)
    }
    if (html.includes('name="login"')) {
      fields.set('login', account)
      fields.set('password', 'anything')
    }
    next = {
      url: new URL(action.replaceAll('&amp;', '&'), next.url).href,
      init: {
        method: 'POST',
        body: fields.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    }
  }
  throw new Error('the provider never sent the browser back')
}

/** A whole third-party login through the SPA's mount; answers the callback's response. */
async function otherLogin(account: string) {
  const start = await t.app.inject({
    method: 'GET',
    url: '/web-api/open/other-login/acme?redirect=/home/index',
  })
  expect(start.statusCode).toBe(302)
  const authorization = new URL(start.headers.location as string)
  expect(authorization.origin).toBe(issuer)
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorization.searchParams.get('redirect_uri')).toBe(CALLBACK)
  const back = await signInAtProvider(authorization.href, account)
  expect(back.pathname).toBe('/web-api/open/other-login-callback/acme')
  return t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: `Other-Login=${cookiesOf(start)['Other-Login']}` },
  })
}

function bindTicketOf(callback: LightMyRequestResponse): string {
  expect(callback.statusCode).toBe(302)
  const target = new URL(callback.headers.location as string, APP_URL)
  expect(target.pathname).toBe('/open/login')
  expect(target.searchParams.get('other_login')).toBe('bind')
  expect(target.searchParams.get('provider')).toBe('acme')
  return target.searchParams.get('ticket') ?? ''
}

async function webPost(url: string, payload: object) {
  const csrf = await csrfSession(t.app)
  return t.app.inject({
    method: 'POST',
    url: `/web-api${url}`,
    headers: { cookie: csrf.cookie, 'x-csrf-token': csrf.token, language: 'en' },
    payload,
  })
}

describe('GET /open/other-login', () => {
  it('lists the configured providers with their type codes and start addresses', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/web-api/open/other-login' })
    expect(response.json()).toEqual({
      providers: [{ name: 'acme', label: 'Acme ID', type: ACME_TYPE, url: '/web-api/open/other-login/acme' }],
    })
    expect(ACME_TYPE).toBeGreaterThanOrEqual(10)
  })
})

/**
 * An account made through the provider's identity `name` (its first login and the binding form), as
 * the first test below makes alice's: answers its user name (`<name>_acme`) and password.
 */
async function accountOfIdentity(name: string): Promise<{ uname: string; password: string }> {
  const account = { uname: `${name}_acme`, password: `${name}-pass-1` }
  const created = await webPost('/open/other-login/create', {
    ticket: bindTicketOf(await otherLogin(name)),
    ...account,
    password_confirmation: account.password,
    agreement: 1,
  })
  expect(created.statusCode, created.body).toBe(200)
  return account
}

describe('third-party login through an OpenID provider', () => {
  it('hands an unknown identity a binding ticket, from which the SPA creates an account', async () => {
    const ticket = bindTicketOf(await otherLogin('alice'))
    const info = await t.app.inject({ method: 'GET', url: `/web-api/open/other-login/ticket/${ticket}` })
    expect(info.json()).toEqual({
      provider: 'acme',
      label: 'Acme ID',
      type: ACME_TYPE,
      profile: { name: 'Alice Acme', nickname: '', email: 'alice@acme.example', avatar: '' },
      suggested_uname: 'alice_acme',
    })
    const created = await webPost('/open/other-login/create', {
      ticket,
      uname: 'alice_acme',
      password: 'alice-pass-1',
      password_confirmation: 'alice-pass-1',
      agreement: 1,
    })
    expect(created.statusCode).toBe(200)
    expect(created.json().user).toMatchObject({
      uname: 'alice_acme',
      email: 'alice@acme.example',
      name: 'Alice Acme',
    })
    expect(created.cookies.find((c) => c.name === 'Authorization')?.httpOnly).toBe(true)
    const [bound] = await t.app.db
      .select()
      .from(ousers)
      .where(and(eq(ousers.type, ACME_TYPE), eq(ousers.open_id, 'alice')))
    expect(bound.user_id).toBe(created.json().user.id)

    const replay = await webPost('/open/other-login/create', {
      ticket,
      uname: 'alice_again',
      password: 'alice-pass-1',
      password_confirmation: 'alice-pass-1',
      agreement: 1,
    })
    expect(replay.json().errors).toEqual({
      ticket: ['The third-party login has expired. Please log in with it again.'],
    })
  })

  it('logs a known identity straight in and returns the browser to the page it came from', async () => {
    const account = await accountOfIdentity('erin')
    const callback = await otherLogin('erin')
    expect(callback.statusCode).toBe(302)
    expect(callback.headers.location).toBe('/home/index')
    const token = cookiesOf(callback).Authorization
    const me = await t.app.inject({
      method: 'GET',
      url: '/web-api/open/user',
      headers: { cookie: `Authorization=${token}` },
    })
    expect(me.json().user.uname).toBe(account.uname)
  })

  it('binds an identity to an existing account once its password is given', async () => {
    const user = await insertTestUser(t.app)
    const ticket = bindTicketOf(await otherLogin('bob'))
    const wrong = await webPost('/open/other-login/bind', {
      ticket,
      username: user.uname,
      password: 'not-it',
    })
    expect(wrong.json().errors).toEqual({ username: ['These credentials do not match our records.'] })
    const bound = await webPost('/open/other-login/bind', {
      ticket,
      username: user.email,
      password: user.plainPassword,
    })
    expect(bound.statusCode).toBe(200)
    expect(bound.json()).toMatchObject({
      user: { id: user.id },
      alert: { message: 'The Acme ID account has been bound.' },
    })
    const callback = await otherLogin('bob')
    const me = await t.app.inject({
      method: 'GET',
      url: '/web-api/open/user',
      headers: { cookie: `Authorization=${cookiesOf(callback).Authorization}` },
    })
    expect(me.json().user.id).toBe(user.id)
  })

  it('refuses to bind a second identity of the same provider to one account', async () => {
    const frank = await accountOfIdentity('frank')
    const ticket = bindTicketOf(await otherLogin('carol'))
    const response = await webPost('/open/other-login/bind', {
      ticket,
      username: frank.uname,
      password: frank.password,
    })
    expect(response.json().errors).toEqual({
      username: ['This account is already bound to another Acme ID account.'],
    })
  })

  it('refuses a callback from another browser, a replayed one and a denied one', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/web-api/open/other-login/acme' })
    const back = await signInAtProvider(start.headers.location as string, 'dave')
    const url = `${back.pathname}${back.search}`
    const stranger = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: 'Other-Login=someone-else' },
    })
    expect(stranger.headers.location).toBe('/open/login?other_login_error=state')
    const replay = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `Other-Login=${cookiesOf(start)['Other-Login']}` },
    })
    expect(replay.headers.location).toBe('/open/login?other_login_error=state')

    const denied = await t.app.inject({ method: 'GET', url: '/web-api/open/other-login/acme' })
    const state = new URL(denied.headers.location as string).searchParams.get('state')
    const refusal = await t.app.inject({
      method: 'GET',
      url: `/web-api/open/other-login-callback/acme?error=access_denied&state=${state}`,
      headers: { cookie: `Other-Login=${cookiesOf(denied)['Other-Login']}` },
    })
    expect(refusal.headers.location).toBe('/open/login?other_login_error=denied')
  })

  it('sends an unknown provider back to the login page, and answers API callers in JSON', async () => {
    const web = await t.app.inject({ method: 'GET', url: '/web-api/open/other-login/nowhere' })
    expect(web.headers.location).toBe('/open/login?other_login_error=unavailable')
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/open/other-login/nowhere',
      headers: { language: 'en' },
    })
    expect(api.statusCode).toBe(400)
    expect(api.json()).toMatchObject({
      other_login_error: 'unavailable',
      message: 'This third-party login is not available.',
    })
  })

  it('never redirects to another site after login', async () => {
    await accountOfIdentity('grace')
    const start = await t.app.inject({
      method: 'GET',
      url: '/web-api/open/other-login/acme?redirect=//evil.example/x',
    })
    const back = await signInAtProvider(start.headers.location as string, 'grace')
    const callback = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `Other-Login=${cookiesOf(start)['Other-Login']}` },
    })
    expect(callback.headers.location).toBe('/home/index')
  })
})
