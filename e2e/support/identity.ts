import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import zhSeeded from '../../packages/server/src/i18n/seeded/zh-CN.json'
import zhShared from '../../packages/shared/src/i18n/zh-CN.json'
import zhFront from '../../packages/web/src/i18n/locales/zh-CN/front.json'
import { solveSliderCaptcha } from './captcha-solver'

/** The Chinese texts of the SPA, its own and those it shares with the server (the e2e browsers use zh-CN). */
export const zh = { ...zhShared, ...zhFront }

/** The Chinese name the server answers for a seeded menu item, by its id. */
export const zhMenu = (id: number): string =>
  (zhSeeded.menus as Record<string, { name: string }>)[String(id)].name

/** A text of the SPA with its `{name}` placeholders filled, as i18next fills them. */
export const say = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]))

/** The form of the login page (antd names it `login`, so its inputs are #login_username, ...). */
export const loginForm = (page: Page) => page.locator('form#login')

/**
 * Logs in on the login page the browser is on: fills the form and submits it, solving the slider
 * captcha whenever the form shows one, until the browser leaves the login page.
 */
export async function logIn(page: Page, username: string, password: string): Promise<void> {
  const form = loginForm(page)
  await form.locator('#login_username').fill(username)
  await form.locator('#login_password').fill(password)
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await form.locator('.bd-captcha').count()) await solveSliderCaptcha(page, form)
    await form.locator('button[type=submit]').click()
    const outcome = await Promise.race([
      page
        .waitForURL((url) => url.pathname !== '/open/login', { timeout: 15_000 })
        .then(
          () => 'left' as const,
          () => 'stuck' as const,
        ),
      form
        .locator('.bd-captcha.bd-captcha--ready')
        .waitFor({ timeout: 15_000 })
        .then(
          () => 'captcha' as const,
          () => 'stuck' as const,
        ),
    ])
    if (outcome === 'left') return
    if (outcome === 'stuck') break
  }
  throw new Error(`could not log in as ${username}`)
}

/** Opens the account menu of the header and picks an item. */
export async function pickFromUserMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: zh.nav.account }).click()
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')
  await menu.getByRole('menuitem', { name: item }).click()
  await menu.waitFor({ state: 'hidden' })
}

/**
 * Does what should bring the server's `alert` to the top of the page, then sees its text. The watch
 * starts before the action: an alert closes after three seconds, and on a loaded machine a test that
 * only began looking once its click and a navigation had returned once looked too late (CI, load ~20).
 */
export async function seeAlertAfter(page: Page, text: string, action: () => Promise<unknown>): Promise<void> {
  const shown = page.locator('.bd-alerts').getByText(text).first().waitFor()
  // The action's own failure is the one to report.
  shown.catch(() => undefined)
  await action()
  await shown
}

/**
 * Clicks `target` unless the session's `prompt` shows first: a request the page makes by itself (the
 * bell's count) can meet an ended session before the click, and the prompt's mask then holds the click.
 * Short tries, each followed by a look at the prompt: a click left to wait under the mask waited out its
 * whole timeout (5 s of an 8 s test).
 */
export async function clickUnlessPrompted(target: Locator, prompt: Locator): Promise<void> {
  const clickedOrPrompted = async () =>
    (await prompt.isVisible()) ||
    (await target.click({ timeout: 500 }).then(
      () => true,
      () => false,
    ))
  await expect.poll(clickedOrPrompted, { timeout: 5_000 }).toBe(true)
}
