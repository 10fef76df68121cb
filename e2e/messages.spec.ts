import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import zhSeeded from '../packages/server/src/i18n/seeded/zh-CN.json'
import { callApi } from './support/api'
import { launchBrowser, loggedInContext, newContext, snapshot, snapshotFailures } from './support/browser'
import { captchaTickets, solveSliderCaptcha } from './support/captcha-solver'
import { seeAlertAfter, zh } from './support/identity'
import { mailTo } from './support/outbox'

/** Names of a test's own: a role, its clerk, a message to it, and a visitor's message. */
function namesOf() {
  const stamp = `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 4)}`
  return {
    role: `理赔组${stamp}`,
    clerk: { uname: `claims${stamp}`, name: '理赔专员', password: 'claims-pass-1' },
    message: { title: `周会通知${stamp}`, body: '本周五下午三点开周会。' },
    visitor: { name: '韩梅梅', contact: `visitor${stamp}@example.com`, content: `想了解少儿重疾险${stamp}` },
  }
}
/** How long a poll of what the page shows may take. */
const WITHIN = { timeout: 15_000 }

let browser: Browser
/** Each test's own profile, logged in as the administrator, and its tab. */
let admin: BrowserContext
let adminPage: Page
let other: Page | undefined

beforeAll(async () => {
  browser = await launchBrowser()
})
beforeEach(async () => {
  admin = await loggedInContext(browser)
  adminPage = await admin.newPage()
})
afterEach(async () => {
  await other?.context().close()
  other = undefined
  await admin?.close()
})
afterAll(() => browser?.close())

/** A role and a back-office clerk holding it, through the API; answers the role's id. */
async function roleWithClerk(names: ReturnType<typeof namesOf>): Promise<number> {
  const role = await callApi<{ row: { id: number } }>(admin, 'POST', '/admin/roles', {
    name: names.role,
    parent_id: 1,
  })
  expect(role.status).toBe(201)
  const clerk = await callApi(admin, 'POST', '/admin/admins', {
    ...names.clerk,
    role_ids: [role.body.row.id],
  })
  expect(clerk.status).toBe(201)
  return role.body.row.id
}

/**
 * The unread count on the header's bell, 0 when it shows none, null while there is no bell. Read in
 * one step in the page: a count found and then read in a second call could be gone in between (the
 * badge clears), and the second call would wait Playwright's 30 s for it, past the poll's timeout.
 */
function unreadOnBell(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const bell = document.querySelector('.bd-message-bell')
    if (!bell) return null
    const count = bell.querySelector('.ant-badge-count')
    return count ? Number(count.getAttribute('title') ?? count.textContent) : 0
  })
}

describe('the message centre', () => {
  snapshotFailures(() => [adminPage, other])

  it('an administrator writes a message to a role', async () => {
    const names = namesOf()
    const { role: ROLE, message: MESSAGE } = names
    await roleWithClerk(names)

    await adminPage.goto('/admin/messages/create')
    const form = adminPage.locator('form#resource-messages')
    await form.locator('#resource-messages_title').fill(MESSAGE.title)
    await form.locator('#resource-messages_content').fill(MESSAGE.body)
    await form.getByLabel(zh.options.messages.audience.role).check()
    await form.locator('#resource-messages_role_id').click()
    await adminPage.locator('.ant-select-tree').getByTitle(ROLE, { exact: true }).click()
    await form.getByRole('button', { name: /保\s*存/ }).click()
    await adminPage.waitForURL('**/admin/messages')
    const row = adminPage.locator('.ant-table-row').filter({ hasText: MESSAGE.title })
    await row.getByText(ROLE).waitFor()
  })

  it('a holder of the role sees the badge, reads the message, and the badge clears; the writer sees who read it', async () => {
    const names = namesOf()
    const { role: ROLE, message: MESSAGE, clerk: CLERK } = names
    const roleId = await roleWithClerk(names)
    const [sent, clerkContext] = await Promise.all([
      callApi(admin, 'POST', '/admin/messages', {
        title: MESSAGE.title,
        content: MESSAGE.body,
        audience: 2,
        role_id: roleId,
      }),
      loggedInContext(browser, { as: { username: CLERK.uname, password: CLERK.password } }),
    ])
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    other = await clerkContext.newPage()
    await other.goto('/home/index')
    await expect.poll(() => unreadOnBell(other as Page), WITHIN).toBe(1)
    await other.locator('.bd-message-bell').click()
    await other.waitForURL('**/home/messages')
    // Opening the message marks it read on the server (the bell clears from that answer).
    const marked = other.waitForResponse((answer) => answer.url().endsWith('/home/messages/read'))
    await other.getByRole('link', { name: MESSAGE.title }).click()
    await other.locator('.bd-rich-text').getByText(MESSAGE.body).waitFor()
    expect((await marked).ok()).toBe(true)
    await expect.poll(() => unreadOnBell(other as Page), WITHIN).toBe(0)
    await snapshot(other, 'messages-read')

    // The writer sees who read it.
    await adminPage.goto('/admin/messages')
    const row = adminPage.locator('.ant-table-row').filter({ hasText: MESSAGE.title })
    await expect
      .poll(async () => (await row.locator('td').allTextContents()).join('|'), WITHIN)
      .toContain(`${ROLE}|${zhSeeded.users['1'].name}|1|1|`)
  })

  it('a visitor sends a message from the contact page, after the slider', async () => {
    const { visitor: VISITOR } = namesOf()
    const visitor = await newContext(browser, { headers: { 'X-Forwarded-For': '10.77.0.1' } })
    other = await visitor.newPage()
    await other.goto('/open/contact')
    const form = other.locator('form#contact')
    await form.locator('#contact_name').fill(VISITOR.name)
    await form.locator('#contact_contact').fill(VISITOR.contact)
    await form.locator('#contact_content').fill(VISITOR.content)
    await form.getByRole('button', { name: zh.contact.submit }).click()
    await solveSliderCaptcha(other, other.locator('.bd-captcha-modal'))
    await other.getByText(zh.contact.sent_title).waitFor()
  })

  it('the visitor’s message reaches the administrators’ inbox and is answered by e-mail', async () => {
    const { visitor: VISITOR } = namesOf()
    // The visitor's message as the contact form sends it, with a ticket of the slider.
    const visitor = await newContext(browser, { headers: { 'X-Forwarded-For': '10.77.0.2' } })
    other = await visitor.newPage()
    const [captcha] = await captchaTickets(other, 1)
    const left = await callApi(visitor, 'POST', '/open/contact', { ...VISITOR, captcha })
    expect(left.status, JSON.stringify(left.body)).toBe(201)
    await adminPage.goto('/admin/contact-messages')
    const row = adminPage.locator('.ant-table-row').filter({ hasText: VISITOR.content })
    await row.getByText(zh.options['contact-messages'].status.new).waitFor()
    await row.locator('a[href^="/admin/contact-messages/"]').click()
    const reply = adminPage.locator('form#contact-reply')
    await reply.locator('#contact-reply_reply').fill('您好，支持按月缴费。')
    await seeAlertAfter(adminPage, '回复邮件已发送。', () =>
      reply.getByRole('button', { name: zh.contact.send_reply }).click(),
    )
    await expect.poll(() => mailTo(VISITOR.contact).join('\n'), WITHIN).toContain('您好，支持按月缴费。')
    expect(mailTo(VISITOR.contact)[0]).toContain(`> ${VISITOR.content}`)
  })

  it('the registration’s agreement link opens the agreement, rendered and sanitized', async () => {
    const [setting] = (
      await callApi<{ data: { id: number }[] }>(adminPage, 'GET', '/admin/configs/list?key=user_agreement')
    ).body.data
    const markdown = '# 服务条款\n\n- 第一条：**如实告知**\n\n<script>window.owned = true</script>'
    expect(
      (await callApi(adminPage, 'PUT', `/admin/configs/${setting.id}`, { value: markdown })).status,
    ).toBe(200)

    const visitor = await newContext(browser)
    other = await visitor.newPage()
    await other.goto('/open/register')
    const opened = visitor.waitForEvent('page')
    await other
      .locator('form#register')
      .getByRole('link', { name: zh.markdown.titles.user_agreement })
      .click()
    const agreement = await opened
    await agreement.waitForURL('**/open/markdown?key=user_agreement')
    await agreement.locator('.bd-rich-text h1').getByText('服务条款').waitFor()
    expect(await agreement.locator('.bd-rich-text strong').textContent()).toBe('如实告知')
    expect(await agreement.locator('.bd-rich-text script').count()).toBe(0)
    expect(await agreement.evaluate(() => (window as { owned?: boolean }).owned)).toBeUndefined()
    expect(await other.locator('#register_agreement').isChecked()).toBe(false)
  })
})
