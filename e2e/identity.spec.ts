import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi } from './support/api'
import { launchBrowser, loggedInContext, newContext, snapshot } from './support/browser'
import { captchaTickets, solveSliderCaptcha } from './support/captcha-solver'
import { clickUnlessPrompted, logIn, pickFromUserMenu, say, seeAlertAfter, zh } from './support/identity'
import { mailTo, smsTo, waitForMailCode, waitForSmsCode } from './support/outbox'
import { E2E_ADMIN_PASSWORD } from './support/server'
import { sharedServer } from './support/shared-server'

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

const PASSWORD = 'alice-pass-1'
const CHANGED = 'alice-pass-2'
const RESET = 'alice-pass-3'

let serial = 0
/** A person of the test's own: an account name, mobile number and e-mail address no other test uses. */
function person() {
  const n = `${Date.now().toString(36).slice(-5)}${(serial++).toString(36)}${Math.random().toString(36).slice(2, 4)}`
  const digits = `${String(Date.now() % 1_000_000).padStart(6, '0')}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`
  return { uname: `e2e_${n}`, mobile: `139${digits}`, email: `${n}@example.com`, password: PASSWORD }
}
type Person = ReturnType<typeof person>

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Adds the account of a person through the administrator's API (for the tests that start from an account). */
async function createAccount(who: Person): Promise<void> {
  const admin = await loggedInContext(browser)
  try {
    const created = await callApi(admin, 'POST', '/admin/users', {
      uname: who.uname,
      name: 'Alice',
      mobile_phone: who.mobile,
      email: who.email,
      password: who.password,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
  } finally {
    await admin.close()
  }
}

/** A tab of a new profile in which the person is logged in (through the API), on their home page. */
async function homeOf(who: Person): Promise<Page> {
  const context = await loggedInContext(browser, { as: { username: who.uname, password: who.password } })
  const page = await context.newPage()
  await page.goto('/home/index')
  return page
}

async function captchaDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: zh.captcha.title })
  await dialog.waitFor()
  return dialog
}

/**
 * A code sent through `route` as its form sends it, with a slider's ticket got from inside the page's
 * profile, and answers it once `received` finds it.
 */
async function sentCode(
  page: Page,
  route: string,
  to: Record<string, string>,
  received: () => Promise<string>,
): Promise<string> {
  const [captcha] = await captchaTickets(page, 1)
  const sent = await callApi(page, 'POST', route, { ...to, captcha })
  expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  return received()
}

/** The personal data the tests of the personal page save, by field. */
function personalData(who: Person): Record<string, string> {
  return {
    name: 'Alice Lee',
    nickname: 'Alice',
    email: `changed.${who.email}`,
    signature: '保险让生活更安心',
    address: '天河路 385 号',
    lng: '113.3245',
    lat: '23.1371',
  }
}

/** The province, city and district the tests of the personal page choose. */
const PLACE = ['广东省', '广州市', '天河区']

/** The ids of a province, a city in it and a district in that, by their names, as the cascader finds them. */
async function regionIds(context: BrowserContext, names: string[]): Promise<number[]> {
  const ids: number[] = []
  for (const name of names) {
    const level = await callApi<{ regions: { value: number; label: string }[] }>(
      context,
      'GET',
      `/home/map/regions?parent_id=${ids.at(-1) ?? 0}`,
    )
    const region = level.body.regions.find((one) => one.label === name)
    if (!region) throw new Error(`no region ${name}: ${JSON.stringify(level.body)}`)
    ids.push(region.value)
  }
  return ids
}

/** Fills the registration form as the first test checks it, with the person's details. */
async function fillRegistration(page: Page, who: Person): Promise<void> {
  const form = page.locator('form#register')
  await form.locator('#register_uname').fill(who.uname)
  await form.locator('#register_password').fill(who.password)
  await form.locator('#register_password_confirmation').fill(who.password)
  await form.locator('#register_mobile_phone').fill(who.mobile)
}

describe('identity', () => {
  it('checks the registration fields as the user types, the first failure of each', async () => {
    const alice = person()
    const context = await newContext(browser)
    const page = await context.newPage()
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
    await context.close()
  })

  it('sends the registration an SMS code after the slider, and counts down to the next', async () => {
    const alice = person()
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/open/register')
    await fillRegistration(page, alice)
    const form = page.locator('form#register')
    // The code needs the slider first, then the send button counts down.
    const known = smsTo(alice.mobile).length
    await form.getByRole('button', { name: zh.auth.code.send }).click()
    const dialog = await captchaDialog(page)
    await dialog.locator('.bd-captcha--ready').waitFor()
    await snapshot(page, 'captcha-modal-zh')
    await solveSliderCaptcha(page, dialog)
    await waitForSmsCode(alice.mobile, known)
    const countdown = form.getByRole('button', { name: /秒后重发/ })
    await countdown.waitFor()
    expect(await countdown.isDisabled()).toBe(true)
    await context.close()
  })

  it('registers with an SMS code and the agreement', async () => {
    const alice = person()
    const context = await newContext(browser)
    const page = await context.newPage()
    // The code sent as the form sends it (its slider: the test above), while the page loads.
    const known = smsTo(alice.mobile).length
    const [code] = await Promise.all([
      sentCode(page, '/open/register/send', { mobile_phone: alice.mobile }, () =>
        waitForSmsCode(alice.mobile, known),
      ),
      page.goto('/open/register'),
    ])
    await fillRegistration(page, alice)
    const form = page.locator('form#register')
    await form.locator('#register_code').fill(code)

    await form.locator('button[type=submit]').click()
    await form.getByText(rule('accepted', zh.fields.agreement)).waitFor()
    await form.locator('#register_agreement').check()
    await snapshot(page, 'register-zh')
    await seeAlertAfter(page, '注册成功。', async () => {
      await form.locator('button[type=submit]').click()
      await page.waitForURL('**/home/index')
    })
    await context.close()
  })

  it('opens personal data from the account menu, and refuses a wrong e-mail on the spot', async () => {
    const alice = person()
    await createAccount(alice)
    const page = await homeOf(alice)
    await pickFromUserMenu(page, zh.nav.personal_data)
    await page.waitForURL('**/home/personage/index')
    const data = page.locator('form#personage-home')
    await data.locator('#personage-home_mobile_phone').waitFor()
    expect(await data.locator('#personage-home_mobile_phone').inputValue()).toBe(alice.mobile)
    await data.locator('#personage-home_email').fill('not-an-email')
    await data.getByText(rule('email', zh.fields.email)).waitFor()
    await page.context().close()
  })

  it('saves personal data, the place chosen in the cascader', async () => {
    const alice = person()
    await createAccount(alice)
    const context = await loggedInContext(browser, {
      as: { username: alice.uname, password: alice.password },
    })
    const page = await context.newPage()
    await page.goto('/home/personage/index')
    const data = page.locator('form#personage-home')
    await data.locator('#personage-home_nickname').waitFor()
    const fields = personalData(alice)
    for (const [name, value] of Object.entries(fields))
      await data.locator(`#personage-home_${name}`).fill(value)
    // The place is chosen in the province / city / district cascader.
    await data.locator('#personage-home_province_id').click()
    for (const place of PLACE) await page.locator('.ant-cascader-menu-item', { hasText: place }).click()
    await seeAlertAfter(page, '个人资料已保存。', () => data.locator('button[type=submit]').click())
    // Kept by the server (the page that shows them again: the test below).
    const saved = await callApi<{ user: Record<string, unknown> }>(page, 'GET', '/home/personage/index')
    const user = saved.body.user
    for (const [name, value] of Object.entries(fields)) expect(String(user[name]), name).toBe(value)
    expect([user.province_name, user.city_name, user.zone_name]).toEqual(PLACE)
    await context.close()
  })

  it('shows the saved personal data when it opens, the place by its names and the nickname in the header', async () => {
    const alice = person()
    await createAccount(alice)
    const context = await loggedInContext(browser, {
      as: { username: alice.uname, password: alice.password },
    })
    const page = await context.newPage()
    // Saved through the API (the form's save: the test above), the place by the ids the cascader offers.
    const [province_id, city_id, zone_id] = await regionIds(context, PLACE)
    const fields = personalData(alice)
    const saved = await callApi(context, 'POST', '/home/personage/index', {
      ...fields,
      lng: Number(fields.lng),
      lat: Number(fields.lat),
      province_id,
      city_id,
      zone_id,
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    await page.goto('/home/personage/index')
    const data = page.locator('form#personage-home')
    await data.locator('#personage-home_nickname').waitFor()
    for (const [name, value] of Object.entries(fields)) {
      expect(await data.locator(`#personage-home_${name}`).inputValue(), name).toBe(value)
    }
    await data.getByText(PLACE.join(' / ')).waitFor()
    await page.getByRole('button', { name: zh.nav.account }).getByText('Alice').waitFor()
    await snapshot(page, 'home-personage-zh')
    await context.close()
  })

  /** The password form of the person's home, opened from the account menu, with a new password typed twice. */
  async function passwordForm(who: Person) {
    const page = await homeOf(who)
    await pickFromUserMenu(page, zh.nav.change_password)
    await page.waitForURL('**/home/personage/password')
    const password = page.locator('form#password-home')
    await password.locator('#password-home_password').fill(CHANGED)
    await password.locator('#password-home_password_confirmation').fill(CHANGED)
    return { page, password }
  }

  it('refuses to change the password when the old one is wrong (checked by the server)', async () => {
    const alice = person()
    await createAccount(alice)
    const { page, password } = await passwordForm(alice)
    await password.locator('#password-home_old_password').fill('not-my-password')
    await password.locator('button[type=submit]').click()
    await password.getByText('旧密码不正确。').waitFor()
    await snapshot(page, 'home-password-zh')
    // Not changed: the old password still logs in.
    const again = await loggedInContext(browser, { as: { username: alice.uname, password: alice.password } })
    await again.close()
    await page.context().close()
  })

  it('changes the password: the new one logs in, the old one no longer does', async () => {
    const alice = person()
    await createAccount(alice)
    const { page, password } = await passwordForm(alice)
    await password.locator('#password-home_old_password').fill(alice.password)
    await seeAlertAfter(page, '密码已修改。', () => password.locator('button[type=submit]').click())
    // By mobile number this time (the login page's form: the tests below).
    const fresh = await newContext(browser)
    const old = await callApi(fresh, 'POST', '/open/login', {
      username: alice.mobile,
      password: alice.password,
    })
    expect(old.status).toBe(422)
    const changed = await callApi(fresh, 'POST', '/open/login', { username: alice.mobile, password: CHANGED })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    await Promise.all([fresh.close(), page.context().close()])
  })

  it('logs out from the account menu', async () => {
    const alice = person()
    await createAccount(alice)
    const page = await homeOf(alice)
    await pickFromUserMenu(page, zh.nav.logout)
    await page.waitForURL('**/open/index')
    await page.getByRole('link', { name: new RegExp(`${zh.nav.login}$`) }).waitFor()
    // The session is over on the server too (the login page: the test below).
    const after = await callApi<{ user: { id?: number } }>(page, 'GET', '/open/user')
    expect(after.body.user.id).toBeUndefined()
    await page.context().close()
  })

  it("logs in on the login page by mobile number, from the header's link and back to the page it was asked from", async () => {
    const alice = person()
    await createAccount(alice)
    const page = await (await newContext(browser)).newPage()
    await page.goto('/open/index')
    // The header's login link, as a visitor finds it: the page's own calls to log in, once drawn,
    // end in the same word (its name alone found two links whenever the page drew before the click).
    await page
      .getByRole('banner')
      .getByRole('link', { name: new RegExp(`${zh.nav.login}$`) })
      .click()
    await page.waitForURL(/\/open\/login\?redirect=/)
    await snapshot(page, 'login-zh')
    await logIn(page, alice.mobile, alice.password)
    await page.waitForURL('**/open/index')
    await page.getByRole('button', { name: zh.nav.account }).getByText('Alice').waitFor()
    await page.context().close()
  })

  it('forces the first browser out when the account logs in from a second one, and brings it back where it was', async () => {
    const alice = person()
    await createAccount(alice)
    const first = await loggedInContext(browser, { as: { username: alice.uname, password: alice.password } })
    const alicePage = await first.newPage()
    await alicePage.goto('/home/personage/index')
    await alicePage.locator('#personage-home_nickname').waitFor()

    // The second browser logs in (through the API: the login page has tests of its own).
    const other = await loggedInContext(browser, { as: { username: alice.email, password: alice.password } })

    // The first browser learns it at its next request: the save, unless a request the page makes by
    // itself (the bell's count) meets the ended session first and the login page replaces the form.
    const prompt = alicePage.getByRole('dialog', { name: zh.http.prompt })
    await clickUnlessPrompted(alicePage.locator('form#personage-home').locator('button[type=submit]'), prompt)
    await prompt.getByText(zh.http.force_logout).waitFor()
    expect(await prompt.getByRole('button', { name: zh.http.cancel }).count()).toBe(0)
    expect(await alicePage.locator('.bd-alerts [role=alert]').count()).toBe(0)
    // The page under the prompt is the login page already: the session is gone.
    await alicePage.locator('form#login').waitFor()
    await snapshot(alicePage, 'force-logout-zh')
    await prompt.getByRole('button', { name: spaced(zh.http.ok) }).click()
    await alicePage.waitForURL(/\/open\/login\?redirect=%2Fhome%2Fpersonage%2Findex$/)
    await logIn(alicePage, alice.uname, alice.password)
    await alicePage.waitForURL('**/home/personage/index')
    await other.close()
    await alicePage.context().close()
  })

  it('e-mails a code to reset a forgotten password after the slider', async () => {
    const alice = person()
    await createAccount(alice)
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/open/password')
    const form = page.locator('form#reset-email')
    await form.locator('#reset-email_email').fill(alice.email)
    const known = mailTo(alice.email).length
    await form.getByRole('button', { name: zh.auth.code.send }).click()
    await solveSliderCaptcha(page, await captchaDialog(page))
    await waitForMailCode(alice.email, known)
    await form.getByRole('button', { name: /秒后重发/ }).waitFor()
    await context.close()
  })

  it('resets a forgotten password with the e-mailed code: the new one logs in, the old one no longer does', async () => {
    const alice = person()
    await createAccount(alice)
    const context = await newContext(browser)
    const page = await context.newPage()
    // The code sent as the form sends it (its slider: the test above), while the page loads.
    const known = mailTo(alice.email).length
    const [code] = await Promise.all([
      sentCode(page, '/open/forgot-password/send', { email: alice.email }, () =>
        waitForMailCode(alice.email, known),
      ),
      page.goto('/open/password'),
    ])
    const form = page.locator('form#reset-email')
    await form.locator('#reset-email_email').fill(alice.email)
    await form.locator('#reset-email_code').fill(code)
    await form.locator('#reset-email_password').fill(RESET)
    await form.locator('#reset-email_password_confirmation').fill(RESET)
    await snapshot(page, 'forgot-password-zh')
    await form.locator('button[type=submit]').click()
    await page.getByText(zh.auth.forgot.done_title, { exact: true }).waitFor()
    await snapshot(page, 'forgot-password-done-zh')
    await page.getByRole('link', { name: zh.auth.forgot.login }).click()
    await page.locator('form#login').waitFor()
    // The login form has tests of its own: the passwords are tried through the API.
    const fresh = await newContext(browser)
    const old = await callApi(fresh, 'POST', '/open/login', {
      username: alice.uname,
      password: alice.password,
    })
    expect(old.status).toBe(422)
    const reset = await callApi(fresh, 'POST', '/open/login', { username: alice.uname, password: RESET })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    await Promise.all([fresh.close(), context.close()])
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
    await seeAlertAfter(page, '个人资料已保存。', () => form.locator('button[type=submit]').click())
    await page.locator('.bd-admin__sider').waitFor()
    await snapshot(page, 'admin-personage-zh')
    await pickFromUserMenu(page, zh.nav.change_password)
    await page.waitForURL('**/admin/personage/password')
    await page.locator('form#password-admin').waitFor()
    await snapshot(page, 'admin-password-zh')
    await context.close()
  })

  it.each([
    ['English', 'en'],
    ['Persian (right to left)', 'fa'],
  ])('fits a phone screen in %s', async (_, language) => {
    const context = await newContext(browser, { viewport: { width: 375, height: 740 } })
    await context.addCookies([{ name: 'Language', value: language, url: sharedServer().baseUrl }])
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
  })

  // Failed logins each from an address of their own, so they do not make every other login need the captcha.
  let failing: Page
  const loginForm = () => failing.locator('form#login')
  const submitLogin = async () => {
    const answer = failing.waitForResponse((r) => r.url().endsWith('/web-api/open/login'))
    await loginForm().locator('button[type=submit]').click()
    return (await answer).status()
  }

  it('asks for the slider after three wrong passwords, and for a solved one on every try after', async () => {
    const alice = person()
    await createAccount(alice)
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
    await context.close()
  })

  it('locks the account out for a while after ten wrong passwords', async () => {
    const alice = person()
    await createAccount(alice)
    const context = await newContext(browser, { headers: { 'X-Forwarded-For': '203.0.113.78' } })
    failing = await context.newPage()
    const page = failing
    // Ten wrong passwords as the form would send them: three, then each with a ticket of its own.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const answer = await callApi(page, 'POST', '/open/login', {
        username: alice.uname,
        password: `wrong-${attempt}`,
      })
      expect(answer.status, `attempt ${attempt}`).toBe(422)
    }
    const tickets = await captchaTickets(page, 7)
    for (const [n, ticket] of tickets.entries()) {
      const answer = await callApi(page, 'POST', '/open/login', {
        username: alice.uname,
        password: `wrong-${n + 4}`,
        captcha: ticket,
      })
      expect(answer.status, `attempt ${n + 4}`).toBe(422)
    }
    // The eleventh, in the form: refused while the lock lasts, with no slider asked for first.
    await page.goto('/open/login')
    const form = loginForm()
    await form.locator('#login_username').fill(alice.uname)
    await form.locator('#login_password').fill('wrong-11')
    expect(await submitLogin()).toBe(429)
    await page.getByText(zh.auth.login.locked_title).waitFor()
    await page.getByText(zh.auth.login.locked.replace('{minutes}', '15')).waitFor()
    await form.getByText('账号或密码错误。').waitFor({ state: 'detached' })
    expect(await page.locator('.bd-alerts [role=alert]').count()).toBe(0)
    await snapshot(page, 'login-locked-zh')
    await page.context().close()
  })
})
