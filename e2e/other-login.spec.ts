import type { APIResponse, Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi } from './support/api'
import { launchBrowser, newContext, snapshot } from './support/browser'
import { seeAlertAfter, zh } from './support/identity'
import { OIDC_CLIENT } from './support/openid-provider'
import { E2E_ADMIN_PASSWORD } from './support/server'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/**
 * Sends the one form of a page of the provider (its development login or consent page) with `fields`;
 * answers the page the redirects end on.
 */
async function submitProviderForm(
  context: BrowserContext,
  page: APIResponse,
  fields: Record<string, string> = {},
): Promise<APIResponse> {
  const html = await page.text()
  const action = /<form[^>]* action="([^"]+)"/.exec(html)?.[1]
  const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1]
  if (!action || !prompt) throw new Error(`no form of the provider on ${page.url()}: ${html.slice(0, 400)}`)
  return context.request.post(new URL(action.replaceAll('&amp;', '&'), page.url()).href, {
    form: { prompt, ...fields },
  })
}

/**
 * A new identity `login` of the provider with the account it makes, walked through HTTP as the browser
 * walks it (the provider's login and consent pages, then the app's form's call), and logged out of the
 * app again: the profile keeps its session at the provider, as after a first login.
 */
async function accountFromProvider(context: BrowserContext, login: string): Promise<void> {
  const start = await context.request.get(`/web-api/open/other-login/${OIDC_CLIENT.name}`)
  const consent = await submitProviderForm(context, start, { login, password: 'anything' })
  const back = await submitProviderForm(context, consent)
  const ticket = new URL(back.url()).searchParams.get('ticket')
  if (!ticket) throw new Error(`the provider did not lead back with a ticket: ${back.url()}`)
  const password = `${login}-pass`
  const created = await callApi(context, 'POST', '/open/other-login/create', {
    ticket,
    uname: `${login}_acme`,
    password,
    password_confirmation: password,
    agreement: true,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  expect((await callApi(context, 'POST', '/open/logout', {})).status).toBe(200)
}

/** Third-party login through the OpenID provider that runs beside the server (support/openid-provider). */
describe('third-party login', () => {
  it('logs in through an OpenID provider: a new identity creates an account', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    // Straight to the provider, as the login page's button leads (the next test and the binding test
    // click it): the login page's own load is not what this test is about.
    await page.goto(`/web-api/open/other-login/${OIDC_CLIENT.name}`)
    await page.locator('input[name=login]').fill('bob')
    await page.locator('input[name=password]').fill('anything')
    await page.locator('button[type=submit]').click()
    await page.getByRole('button', { name: 'Continue' }).click()

    await page.waitForURL(/\/open\/login\?other_login=bind&ticket=/)
    await page.getByText('Bob Acme').waitFor()
    await page.getByText('bob@acme.example').waitFor()
    await page.getByText(`已通过 ${OIDC_CLIENT.label} 登录`).waitFor()
    const create = page.locator('form#bind-create')
    expect(await create.locator('#bind-create_uname').inputValue()).toBe('bob_acme')
    await snapshot(page, 'login-bind-zh')
    await create.locator('#bind-create_password').fill('bob-pass-1')
    await create.locator('#bind-create_password_confirmation').fill('bob-pass-1')
    await create.locator('#bind-create_agreement').check()
    await create.locator('button[type=submit]').click()
    await page.waitForURL('**/home/index')
    await page.getByRole('button', { name: zh.nav.account }).getByText('Bob Acme').waitFor()
    await context.close()
  })

  it('comes straight in through the OpenID provider next time, to where the login was asked for', async () => {
    const context = await newContext(browser)
    // An identity of its own with its account, made as the test above makes one, through HTTP.
    const login = `erin${Date.now().toString(36).slice(-5)}`
    await accountFromProvider(context, login)
    const page = await context.newPage()
    await page.goto('/open/login?redirect=%2Fhome%2Fpersonage%2Findex')
    await page.getByRole('button', { name: `使用 ${OIDC_CLIENT.label} 登录` }).click()
    await page.waitForURL('**/home/personage/index')
    await page
      .getByRole('button', { name: zh.nav.account })
      .getByText(`${login[0].toUpperCase()}${login.slice(1)} Acme`)
      .waitFor()
    await context.close()
  })

  it('binds a new third-party identity to an existing account with its password', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/open/login')
    await page.getByRole('button', { name: `使用 ${OIDC_CLIENT.label} 登录` }).click()
    await page.locator('input[name=login]').fill('carol')
    await page.locator('input[name=password]').fill('anything')
    await page.locator('button[type=submit]').click()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(/\/open\/login\?other_login=bind/)
    await page.getByRole('tab', { name: zh.auth.bind.bind_tab }).click()
    const bind = page.locator('form#bind-existing')
    await bind.locator('#bind-existing_username').fill('admin')
    await bind.locator('#bind-existing_password').fill(E2E_ADMIN_PASSWORD)
    await snapshot(page, 'login-bind-existing-zh')
    await seeAlertAfter(page, `${OIDC_CLIENT.label} 账号已绑定。`, async () => {
      await bind.locator('button[type=submit]').click()
      await page.waitForURL('**/admin/index')
    })
    await context.close()
  })

  it('says clearly why a third-party login came back with an error', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/open/login?other_login_error=state')
    await page.getByText(zh.auth.other_login_error.state).waitFor()
    await context.close()
  })
})
