import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi } from './support/api'
import { launchBrowser, newContext, snapshot } from './support/browser'
import { waitForAlert, zh } from './support/identity'
import { OIDC_CLIENT } from './support/openid-provider'
import { E2E_ADMIN_PASSWORD } from './support/server'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Third-party login through the OpenID provider that runs beside the server (support/openid-provider). */
describe('third-party login', () => {
  /** Bob's browser: his first login through the provider creates his account; the next comes straight in. */
  let bob: Page
  const providerButton = () => bob.getByRole('button', { name: `使用 ${OIDC_CLIENT.label} 登录` })

  it('logs in through an OpenID provider: a new identity creates an account, and comes straight in next time, to where the login was asked for', async () => {
    const context = await newContext(browser)
    bob = await context.newPage()
    const page = bob
    // Straight to the provider, as the login page's button leads (the next login, below, and the
    // binding test click it): the login page's own load is not what this test is about.
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

    // Next time, straight in (logged out through the API: the account menu's logout has its own test).
    expect((await callApi(page, 'POST', '/open/logout', {})).status).toBe(200)
    await page.goto('/open/login?redirect=%2Fhome%2Fpersonage%2Findex')
    await providerButton().click()
    await page.waitForURL('**/home/personage/index')
    await page.context().close()
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
    await bind.locator('button[type=submit]').click()
    await page.waitForURL('**/admin/index')
    await waitForAlert(page, `${OIDC_CLIENT.label} 账号已绑定。`)
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
