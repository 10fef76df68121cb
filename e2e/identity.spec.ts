import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { callApi } from './support/api'
import { launchBrowser, newContext, snapshot } from './support/browser'
import { captchaTickets, solveSliderCaptcha } from './support/captcha-solver'
import { logIn, pickFromUserMenu, say, waitForAlert, zh } from './support/identity'
import { mailTo, smsTo, waitForMailCode, waitForSmsCode } from './support/outbox'
import { E2E_ADMIN_PASSWORD } from './support/server'

/** A validation message of the SPA, as `validations.messages.{rule}` words it for a field. */
function rule(
  name: keyof typeof zh.validations.messages,
  field: string,
  params: Record<string, string | number> = {},
) {
  const values: Record<string, string | number> = { field, ...params }
  return say(zh.validations.messages[name], values)
}

/** antd puts a space between the two characters of a two-character Chinese button. */
const spaced = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`)

const alice = {
  uname: 'e2e_alice',
  mobile: '13800138001',
  email: 'alice@example.com',
  password: 'alice-pass-1',
  changed: 'alice-pass-2',
  reset: 'alice-pass-3',
}

let browser: Browser
/** Alice's first browser: registered, then logged out by her login from another. */
let alicePage: Page

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

async function captchaDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: zh.captcha.title })
  await dialog.waitFor()
  return dialog
}

describe('identity', () => {
  it('checks the registration fields as the user types, the first failure of each', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    alicePage = page
    await page.goto('/open/register')
    const form = page.locator('form#register')

    // Validation as the user types, the first failure only, worded by the shared rules.
    await form.locator('#register_uname').fill('ab')
    await form.getByText(rule('between', zh.fields.uname, { min: 5, max: 18 })).waitFor()
    await form.locator('#register_uname').fill(alice.uname)
    await form.getByText(rule('between', zh.fields.uname, { min: 5, max: 18 })).waitFor({ state: 'detached' })
    await form.locator('#register_password').fill(alice.password)
    await form.locator('#register_password_confirmation').fill('something-else')
    await form.getByText(rule('confirmed', zh.fields.password_confirmation)).waitFor()
    await form.locator('#register_password_confirmation').fill(alice.password)
    await form.locator('#register_mobile_phone').fill(alice.mobile)
  })

  it('registers with an SMS code and the agreement', async () => {
    const page = alicePage
    const form = page.locator('form#register')
    // The code needs the slider first, then the send button counts down.
    const known = smsTo(alice.mobile).length
    await form.getByRole('button', { name: zh.auth.code.send }).click()
    const dialog = await captchaDialog(page)
    await dialog.locator('.bd-captcha--ready').waitFor()
    await snapshot(page, 'captcha-modal-zh')
    await solveSliderCaptcha(page, dialog)
    const code = await waitForSmsCode(alice.mobile, known)
    const countdown = form.getByRole('button', { name: /秒后重发/ })
    await countdown.waitFor()
    expect(await countdown.isDisabled()).toBe(true)
    await form.locator('#register_code').fill(code)

    await form.locator('button[type=submit]').click()
    await form.getByText(rule('accepted', zh.fields.agreement)).waitFor()
    await form.locator('#register_agreement').check()
    await snapshot(page, 'register-zh')
    await form.locator('button[type=submit]').click()
    await page.waitForURL('**/home/index')
    await waitForAlert(page, '注册成功。')
  })

  it('edits personal data: a wrong e-mail is refused on the spot, the rest is saved and kept', async () => {
    const page = alicePage
    await pickFromUserMenu(page, zh.nav.personal_data)
    await page.waitForURL('**/home/personage/index')
    const data = page.locator('form#personage-home')
    await data.locator('#personage-home_mobile_phone').waitFor()
    expect(await data.locator('#personage-home_mobile_phone').inputValue()).toBe(alice.mobile)
    await data.locator('#personage-home_email').fill('not-an-email')
    await data.getByText(rule('email', zh.fields.email)).waitFor()
    const fields: Record<string, string> = {
      name: 'Alice Lee',
      nickname: 'Alice',
      email: alice.email,
      signature: '保险让生活更安心',
      address: '天河路 385 号',
      lng: '113.3245',
      lat: '23.1371',
    }
    for (const [name, value] of Object.entries(fields))
      await data.locator(`#personage-home_${name}`).fill(value)
    // The place is chosen in the province / city / district cascader.
    await data.locator('#personage-home_province_id').click()
    for (const place of ['广东省', '广州市', '天河区'])
      await page.locator('.ant-cascader-menu-item', { hasText: place }).click()
    await data.locator('button[type=submit]').click()
    await waitForAlert(page, '个人资料已保存。')
    await page.reload()
    await data.locator('#personage-home_nickname').waitFor()
    for (const [name, value] of Object.entries(fields)) {
      expect(await data.locator(`#personage-home_${name}`).inputValue(), name).toBe(value)
    }
    await data.getByText('广东省 / 广州市 / 天河区').waitFor()
    await page.getByRole('button', { name: zh.nav.account }).getByText('Alice').waitFor()
    await snapshot(page, 'home-personage-zh')
  })

  it('changes the password (the old one checked by the server), logs out and in with the new one', async () => {
    const page = alicePage
    await pickFromUserMenu(page, zh.nav.change_password)
    await page.waitForURL('**/home/personage/password')
    const password = page.locator('form#password-home')
    await password.locator('#password-home_old_password').fill('not-my-password')
    await password.locator('#password-home_password').fill(alice.changed)
    await password.locator('#password-home_password_confirmation').fill(alice.changed)
    await password.locator('button[type=submit]').click()
    await password.getByText('旧密码不正确。').waitFor()
    await snapshot(page, 'home-password-zh')
    await password.locator('#password-home_old_password').fill(alice.password)
    await password.locator('button[type=submit]').click()
    await waitForAlert(page, '密码已修改。')

    // Log out, and in again with the new password, by mobile number this time.
    await pickFromUserMenu(page, zh.nav.logout)
    await page.waitForURL('**/open/index')
    await page.goto('/open/login')
    await snapshot(page, 'login-zh')
    await logIn(page, alice.mobile, alice.changed)
    await page.waitForURL('**/home/index')
  })

  it('forces the first browser out when the account logs in from a second one, and brings it back where it was', async () => {
    await alicePage.goto('/home/personage/index')
    await alicePage.locator('#personage-home_nickname').waitFor()

    const other = await newContext(browser)
    const second = await other.newPage()
    await second.goto('/open/login')
    await logIn(second, alice.email, alice.changed)
    await second.waitForURL('**/home/index')

    // The first browser learns it at its next request: the save, unless a request the page makes by
    // itself (the bell's count) meets the ended session first and the login page replaces the form.
    const prompt = alicePage.getByRole('dialog', { name: zh.http.prompt })
    await alicePage
      .locator('form#personage-home')
      .locator('button[type=submit]')
      .click({ timeout: 5_000 })
      .catch(async (error: unknown) => {
        if (!(await prompt.isVisible())) throw error
      })
    await prompt.getByText(zh.http.force_logout).waitFor()
    expect(await prompt.getByRole('button', { name: zh.http.cancel }).count()).toBe(0)
    expect(await alicePage.locator('.bd-alerts [role=alert]').count()).toBe(0)
    // The page under the prompt is the login page already: the session is gone.
    await alicePage.locator('form#login').waitFor()
    await snapshot(alicePage, 'force-logout-zh')
    await prompt.getByRole('button', { name: spaced(zh.http.ok) }).click()
    await alicePage.waitForURL(/\/open\/login\?redirect=%2Fhome%2Fpersonage%2Findex$/)
    await logIn(alicePage, alice.uname, alice.changed)
    await alicePage.waitForURL('**/home/personage/index')
    await other.close()
  })

  /** The page of the reset, from the code sent to its end (the next test logs in from it). */
  let resetPage: Page | undefined

  it('e-mails a code to reset a forgotten password, after the slider', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    resetPage = page
    await page.goto('/open/password')
    const form = page.locator('form#reset-email')
    await form.locator('#reset-email_email').fill(alice.email)
    const known = mailTo(alice.email).length
    await form.getByRole('button', { name: zh.auth.code.send }).click()
    await solveSliderCaptcha(page, await captchaDialog(page))
    const code = await waitForMailCode(alice.email, known)
    await form.locator('#reset-email_code').fill(code)
  })

  it('resets the password with that code, and logs in with the new one', async () => {
    if (!resetPage) throw new Error('the test before this one sends the code')
    const page = resetPage
    const form = page.locator('form#reset-email')
    await form.locator('#reset-email_password').fill(alice.reset)
    await form.locator('#reset-email_password_confirmation').fill(alice.reset)
    await snapshot(page, 'forgot-password-zh')
    await form.locator('button[type=submit]').click()
    await page.getByText(zh.auth.forgot.done_title, { exact: true }).waitFor()
    await snapshot(page, 'forgot-password-done-zh')
    await page.getByRole('link', { name: zh.auth.forgot.login }).click()
    await page.waitForURL('**/open/login')
    await logIn(page, alice.uname, alice.reset)
    await page.waitForURL('**/home/index')
    await page.context().close()
  })

  it('opens the personal centre of the back office in the admin layout', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/admin/personage/index')
    await page.waitForURL(/\/open\/login\?redirect=%2Fadmin%2Fpersonage%2Findex/)
    await logIn(page, 'admin', E2E_ADMIN_PASSWORD)
    await page.waitForURL('**/admin/personage/index')
    const form = page.locator('form#personage-admin')
    await form.locator('#personage-admin_nickname').fill('Super Admin')
    await form.locator('button[type=submit]').click()
    await waitForAlert(page, '个人资料已保存。')
    await page.locator('.bd-admin__sider').waitFor()
    await snapshot(page, 'admin-personage-zh')
    await pickFromUserMenu(page, zh.nav.change_password)
    await page.waitForURL('**/admin/personage/password')
    await page.locator('form#password-admin').waitFor()
    await snapshot(page, 'admin-password-zh')
    await context.close()
  })

  it('fits a phone screen, in English and in Persian (right to left)', async () => {
    for (const language of ['en', 'fa']) {
      const context = await newContext(browser, { viewport: { width: 375, height: 740 } })
      await context.addCookies([{ name: 'Language', value: language, url: inject('baseUrl') }])
      const page = await context.newPage()
      for (const path of ['/open/login', '/open/password', '/open/register']) {
        await page.goto(path)
        await page.locator('.bd-auth__main form').first().waitFor()
        expect(await page.getAttribute('html', 'lang')).toBe(language)
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow, `${language} ${path}`).toBeLessThanOrEqual(0)
      }
      await page.locator('#register_mobile_phone').fill('13800138009')
      await page.locator('.bd-send-code').click()
      const dialog = page.getByRole('dialog')
      await dialog.locator('.bd-captcha--ready').waitFor()
      await snapshot(page, `captcha-phone-${language}`)
      await context.close()
    }
  })

  // Alice's failed logins from another address, so they do not make every other login here need the captcha.
  let failing: Page
  const loginForm = () => failing.locator('form#login')
  const submitLogin = async () => {
    const answer = failing.waitForResponse((r) => r.url().endsWith('/web-api/open/login'))
    await loginForm().locator('button[type=submit]').click()
    return (await answer).status()
  }

  it('asks for the slider after three wrong passwords, and for a solved one on every try after', async () => {
    const context = await newContext(browser, { headers: { 'X-Forwarded-For': '203.0.113.77' } })
    failing = await context.newPage()
    const page = failing
    await page.goto('/open/login')
    const form = loginForm()
    await form.locator('#login_username').fill(alice.uname)
    for (let attempt = 1; attempt <= 3; attempt++) {
      await form.locator('#login_password').fill(`wrong-${attempt}`)
      expect(await submitLogin()).toBe(422)
      await form.getByText('账号或密码错误。').waitFor()
      if (attempt < 3) expect(await form.locator('.bd-captcha').count()).toBe(0)
    }
    await form.locator('.bd-captcha.bd-captcha--ready').waitFor()
    await form.locator('button[type=submit]').click()
    await form.getByText(zh.validations.messages.captcha).waitFor()
    await snapshot(page, 'login-captcha-zh')

    await form.locator('#login_password').fill('wrong-4')
    await solveSliderCaptcha(page, form)
    expect(await submitLogin(), 'attempt 4').toBe(422)
    await form.locator('.bd-captcha.bd-captcha--ready').waitFor()
  })

  it('locks the account out for a while after ten wrong passwords', async () => {
    const page = failing
    const form = loginForm()
    // Attempts 5 to 10 as the form would send them, each with a ticket of its own.
    const tickets = await captchaTickets(page, 6)
    for (const [n, ticket] of tickets.entries()) {
      const answer = await callApi(page, 'POST', '/open/login', {
        username: alice.uname,
        password: `wrong-${n + 5}`,
        captcha: ticket,
      })
      expect(answer.status, `attempt ${n + 5}`).toBe(422)
    }
    await solveSliderCaptcha(page, form)
    expect(await submitLogin()).toBe(429)
    await page.getByText(zh.auth.login.locked_title).waitFor()
    await page.getByText(zh.auth.login.locked.replace('{minutes}', '15')).waitFor()
    await form.getByText('账号或密码错误。').waitFor({ state: 'detached' })
    expect(await page.locator('.bd-alerts [role=alert]').count()).toBe(0)
    await snapshot(page, 'login-locked-zh')
    await page.context().close()
  })
})
