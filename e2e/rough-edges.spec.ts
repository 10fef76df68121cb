import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi } from './support/api'
import { launchBrowser, loggedInContext, newContext, snapshot, snapshotFailures } from './support/browser'
import { zh } from './support/identity'

const stamp = Date.now().toString(36).slice(-5)
const USER = { uname: `edges${stamp}`, name: '普通用户', password: `edges-${stamp}-pass` }

let browser: Browser
let admin: BrowserContext
let page: Page
let userContext: BrowserContext
let user: Page

beforeAll(async () => {
  browser = await launchBrowser()
  admin = await loggedInContext(browser, { viewport: { width: 390, height: 844 } })
  page = await admin.newPage()
  const account = await callApi(page, 'POST', '/admin/users', USER)
  expect(account.status, JSON.stringify(account.body)).toBe(201)
  userContext = await loggedInContext(browser, {
    as: { username: USER.uname, password: USER.password },
    viewport: { width: 1440, height: 900 },
  })
  user = await userContext.newPage()
})
afterAll(async () => {
  await userContext?.close()
  await admin?.close()
  await browser?.close()
})

/** The rough edges a newcomer met (issue 25 §8), on a phone-wide screen. */
describe('the rough edges', () => {
  snapshotFailures(() => [page])

  it('a list on a phone: the title in the header, the filters behind a button, the other buttons in "more"', async () => {
    await page.goto('/admin/firms')
    await page
      .locator('.bd-admin__header .bd-admin__page-name')
      .getByText('保险公司', { exact: true })
      .waitFor()
    expect(await page.locator('form.bd-resource-filters').count()).toBe(0)
    expect(await page.getByRole('button', { name: zh.actions.export }).count()).toBe(0)
    await page.getByRole('button', { name: zh.list.filter }).click()
    await page.locator('form.bd-resource-filters input').first().fill('保险')
    await page.locator('form.bd-resource-filters button[type=submit]').click()
    await page.getByRole('button', { name: '筛选（1）' }).waitFor()
    expect(await page.locator('form.bd-resource-filters').count()).toBe(0)
    await page.getByRole('button', { name: zh.list.more }).click()
    await page.getByRole('button', { name: zh.actions.export }).waitFor()
    await page.getByRole('button', { name: zh.list.count }).waitFor()
    await snapshot(page, 'edges-phone-list-more-zh')
  })

  it('an unknown admin address is not found, and its picture names nothing in English', async () => {
    await page.goto('/admin/no-such-page')
    await page.getByRole('heading', { name: zh.errors.not_found.title }).waitFor()
    expect(await page.locator('.ant-result-image').textContent()).not.toContain('No Found')
  })

  it('an ordinary user who opens the back office gets the 403 of their own area', async () => {
    await user.goto('/admin/index')
    await user.getByRole('heading', { name: zh.errors.forbidden.title }).waitFor()
    await user.waitForURL('**/home/403')
    expect(await user.locator('.bd-admin').count()).toBe(0)
  })

  it('the home area leads to the user’s apps, whose form names an app’s name 名称', async () => {
    await user.goto('/home/index')
    await user
      .getByRole('navigation', { name: zh.nav.main_menu })
      .getByRole('link', { name: zh.apps.title })
      .click()
    await user.waitForURL('**/home/apps')
    await user.getByRole('heading', { name: zh.apps.title }).waitFor()
    await user.getByRole('link', { name: zh.apps.create }).click()
    await user.locator('label[for=app_name]').filter({ hasText: '名称' }).waitFor()
    await snapshot(user, 'edges-home-apps-create-zh')
  })

  it('the user agreement and privacy policy have a text, the default one in the reader’s language', async () => {
    const context = await newContext(browser)
    const visitor = await context.newPage()
    // messages.spec writes its own agreement: whichever it is, it is never the empty page.
    await visitor.goto('/open/markdown?key=user_agreement')
    await visitor.locator('.bd-rich-text').first().waitFor()
    expect(await visitor.getByText(zh.markdown.empty).count()).toBe(0)
    await visitor.goto('/open/markdown?key=privacy_policy')
    await visitor.getByText('本政策说明本站保存哪些个人信息').waitFor()
    await snapshot(visitor, 'edges-privacy-policy-zh')
    await context.close()
  })
})
