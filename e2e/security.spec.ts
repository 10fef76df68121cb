import { Secret, TOTP } from 'otpauth'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { callApi } from './support/api'
import { launchBrowser, loggedInContext, newContext, snapshot, snapshotFailures } from './support/browser'
import { clickUnlessPrompted, zh, zhMenu } from './support/identity'
import { sharedServer } from './support/shared-server'

/** Issue 24: online sessions ended by an administrator, and two-factor login with an authenticator app. */

/** The broker of each test: an ordinary account of its own. */
let BROKER = { uname: '', name: '安全测试', password: 'broker-pass-1' }

/** A code of the secret `offset` steps of 30 s from now: a code is accepted once, later steps after. */
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 30_000 })

/** antd puts a space between the two characters of a two-character Chinese button. */
const spaced = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`)

let browser: Browser
/** Each test's own profiles: the administrator's (logged in) and the broker's (not yet), and their tabs. */
let adminContext: BrowserContext
let brokerContext: BrowserContext
let admin: Page
let broker: Page
snapshotFailures(() => [admin, broker])

beforeAll(async () => {
  browser = await launchBrowser()
})
beforeEach(async () => {
  ;[adminContext, brokerContext] = await Promise.all([loggedInContext(browser), newContext(browser)])
  ;[admin, broker] = await Promise.all([adminContext.newPage(), brokerContext.newPage()])
  BROKER = {
    ...BROKER,
    uname: `e2esec${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`,
  }
  const created = await callApi(admin, 'POST', '/admin/users', {
    uname: BROKER.uname,
    name: BROKER.name,
    password: BROKER.password,
    status: 1,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
})
afterEach(async () => {
  await Promise.all([adminContext?.close(), brokerContext?.close()])
})
afterAll(() => browser?.close())

/** Logs the broker in in their profile, through the API (for the tests about what comes after). */
async function logInBroker(): Promise<void> {
  const login = await callApi(brokerContext, 'POST', '/open/login', {
    username: BROKER.uname,
    password: BROKER.password,
  })
  expect(login.status, JSON.stringify(login.body)).toBe(200)
}

describe('online sessions', () => {
  it('lists the broker’s session with address, place and browser, and ends it', async () => {
    // Logged in through the API from the broker's profile (its browser is the profile's): the login page
    // has tests of its own.
    await logInBroker()
    await admin.goto(`/admin/sessions?keyword=${BROKER.uname}`)
    await admin.getByRole('heading', { name: zhMenu(400) }).waitFor()
    const row = admin.getByRole('row').filter({ hasText: BROKER.uname })
    await row.waitFor()
    expect(await row.textContent()).toMatch(/127\.0\.0\.1/)
    expect(await row.textContent()).toMatch(/Chrome \d+ · Linux/)
    await snapshot(admin, 'sessions-list-zh')
    await row.getByRole('button', { name: new RegExp(zh.actions.delete) }).click()
    await admin.locator('.ant-popconfirm:visible').getByRole('button').last().click()
    await expect
      .poll(() => admin.getByRole('row').filter({ hasText: BROKER.uname }).count(), { timeout: 15_000 })
      .toBe(0)
    // The broker's next request meets the ended session (what their tab then shows: the test below).
    // (Its first request only: the answer clears the session's cookie.)
    const next = await brokerContext.request.get('/web-api/home/personage/index', {
      headers: { Accept: 'application/json' },
    })
    expect(next.status()).toBe(401)
    expect(await next.json()).toMatchObject({ force_logout: true, message: '您已被管理员强制下线' })
  })

  it('tells the broker at once, on their next action, that an administrator ended the session', async () => {
    await logInBroker()
    await broker.goto('/home/personage/index')
    await broker.locator('#personage-home_nickname').waitFor()
    // Ended as the sessions list's delete button ends it (the test above clicks it).
    const listed = await callApi<{ data: { id: number }[] }>(
      adminContext,
      'GET',
      `/admin/sessions/list?keyword=${BROKER.uname}`,
    )
    expect(listed.body.data).toHaveLength(1)
    const ended = await callApi(adminContext, 'DELETE', '/admin/sessions', { ids: [listed.body.data[0].id] })
    expect(ended.status, JSON.stringify(ended.body)).toBe(200)

    // The broker's next request (the save) meets the ended session: the prompt names the administrator.
    const prompt = broker.getByRole('dialog', { name: zh.http.prompt })
    await clickUnlessPrompted(broker.locator('form#personage-home').locator('button[type=submit]'), prompt)
    await prompt.getByText('您已被管理员强制下线').waitFor()
    await snapshot(broker, 'sessions-kicked-zh')
    await prompt.getByRole('button', { name: spaced(zh.http.ok) }).click()
    await broker.waitForURL(/\/open\/login/)
  })
})

describe('two-factor login', () => {
  it('sets up the authenticator app from the account security page and shows ten recovery codes', async () => {
    await logInBroker()
    await broker.goto('/home/personage/security')
    const card = broker.locator('.bd-security').first()
    await card.getByRole('heading', { name: zh.security.totp.title }).waitFor()
    await card.getByRole('button', { name: new RegExp(zh.security.totp.start) }).click()
    await card.locator('img.bd-security__qr').waitFor()
    const secret = ((await card.locator('.bd-security__enrol code').textContent()) ?? '').trim()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await snapshot(broker, 'security-enrol-zh')
    await card.locator('input#totp-enable-home_code').fill(codeOf(secret))
    await card.getByRole('button', { name: spaced(zh.security.totp.enable) }).click()
    await expect.poll(() => card.locator('.bd-security__codes li').count(), { timeout: 15_000 }).toBe(10)
    await snapshot(broker, 'security-recovery-zh')
    await card.getByRole('button', { name: zh.security.totp.saved }).click()
    await card.getByText(zh.security.totp.on, { exact: true }).waitFor()
  })

  it('asks for the code at the next login and logs in with the one the test computes', async () => {
    // Two-factor login turned on through the API, as the security page turns it on; then logged out.
    await logInBroker()
    const started = await callApi<{ secret: string }>(brokerContext, 'POST', '/home/personage/totp')
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const secret = started.body.secret
    const on = await callApi(brokerContext, 'PUT', '/home/personage/totp', { code: codeOf(secret) })
    expect(on.status, JSON.stringify(on.body)).toBe(200)
    await callApi(brokerContext, 'POST', '/open/logout', {})
    await broker.goto('/open/login')
    const form = broker.locator('form#login')
    await form.locator('#login_username').fill(BROKER.uname)
    await form.locator('#login_password').fill(BROKER.password)
    await form.locator('button[type=submit]').click()
    const code = form.locator('#login_totp')
    await code.waitFor()
    await snapshot(broker, 'login-totp-zh')
    // A code of the next step: the one of this step was used to turn the app on.
    await code.fill(codeOf(secret, 1))
    await form.locator('button[type=submit]').click()
    await broker.waitForURL('**/home/index')
  })

  it('shows the account security page in English, dark and at phone width', async () => {
    await logInBroker()
    await brokerContext.addCookies([{ name: 'Language', value: 'en', url: sharedServer().baseUrl }])
    await broker.goto('/home/personage/security')
    await broker.getByRole('heading', { name: 'Two-factor login' }).waitFor()
    await broker.getByText('This device').waitFor()
    await snapshot(broker, 'security-en')
    const phone = await newContext(browser, { viewport: { width: 390, height: 844 } })
    await phone.addCookies(await brokerContext.cookies())
    await phone.addInitScript(() => window.localStorage.setItem('theme', 'dark'))
    const small = await phone.newPage()
    await small.goto('/home/personage/security')
    await small.getByRole('heading', { name: 'Two-factor login' }).waitFor()
    await snapshot(small, 'security-dark-390-en')
    await phone.close()
  })
})

describe('the back office’s pages', () => {
  it('shows the online sessions list in English, dark and at phone width, and account security in the back office', async () => {
    const context = await newContext(browser, { viewport: { width: 390, height: 844 } })
    await context.addCookies([
      ...(await adminContext.cookies()),
      { name: 'Language', value: 'en', url: sharedServer().baseUrl },
    ])
    await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'))
    const page = await context.newPage()
    // The two tabs load side by side.
    const security = admin
      .goto('/admin/personage/security')
      .then(() => admin.getByRole('heading', { name: zh.security.totp.title }).waitFor())
    await page.goto('/admin/sessions')
    await page.getByRole('heading', { name: 'Online sessions' }).waitFor()
    await page.getByRole('row').filter({ hasText: 'admin' }).first().waitFor()
    await snapshot(page, 'sessions-list-dark-390-en')
    await context.close()

    await security
    await admin.getByText(zh.security.sessions.current).waitFor()
    await snapshot(admin, 'security-admin-zh')
  })
})
