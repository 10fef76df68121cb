import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, loggedInContext, newContext, snapshot } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe('the app shell', () => {
  it('opens on the official website, in Chinese', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/')
    await page.waitForURL('**/open/index')
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN')
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('经纪业务')
    await snapshot(page, 'open-index-zh')
    await context.close()
  })

  it('shows the not-found page for an unknown path, inside the open layout and at the top level', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    for (const path of ['/open/no-such-page', '/no/such/page']) {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await page.getByText('哎呀！页面不存在').waitFor()
      await page
        .getByRole('link', { name: '返回首页' })
        .or(page.getByRole('button', { name: '返回首页' }))
        .waitFor()
    }
    await context.close()
  })

  it('reaches every error page', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    const pages: Array<[string, string]> = [
      ['/403', '您没有权限访问此页面！'],
      ['/500', '服务器内部错误'],
      ['/503', '系统正在维护中，请稍后再试……'],
      ['/open/403', '您没有权限访问此页面！'],
      ['/admin/503', '系统正在维护中，请稍后再试……'],
    ]
    for (const [path, text] of pages) {
      await page.goto(path)
      await page.getByText(text, { exact: true }).first().waitFor()
    }
    await context.close()
  })

  it('shows the back office with its spinner when a page is slow to load, and the page once it comes', async () => {
    const context = await loggedInContext(browser)
    const page = await context.newPage()
    // The menu pages' chunk (the list page) is held until the layout has shown: the app's first
    // render does not wait for a page's chunks (see main.tsx).
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/admin-pages-[^/]*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/admin/products')
    await page.getByRole('banner').first().waitFor({ timeout: 4000 })
    await page.locator('#content [role=status]').waitFor()
    release()
    await page.locator('#content .ant-table').waitFor()
    expect(await page.locator('#content [role=status]').count()).toBe(0)
    await context.close()
  })

  it('sends a visitor who opens the back office to the login page, remembering where they were', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/admin/index')
    await page.waitForURL(/\/open\/login\?redirect=%2Fadmin%2Findex/)
    await context.close()
  })

  it('switches to English, and the choice survives a reload', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/open/index')
    await page.getByRole('button', { name: '语言' }).click()
    await page.getByRole('menuitem', { name: 'English' }).click()
    await page.getByRole('heading', { name: 'Run your brokerage from one calm, well-ordered desk' }).waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    expect(await page.evaluate(() => document.body.className)).toContain('lang-en')
    const cookies = await context.cookies()
    const language = cookies.find((c) => c.name === 'Language')
    expect(language?.value).toBe('en')
    // Asked for 3650 days; Chromium keeps no cookie longer than 400 days.
    expect((language?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(399 * 86_400_000)

    await page.reload()
    await page.getByRole('heading', { name: 'Run your brokerage from one calm, well-ordered desk' }).waitFor()
    expect(await page.getAttribute('html', 'lang')).toBe('en')
    await page.goto('/open/unknown')
    await page.getByText('Oops! Page not found').waitFor()
    await snapshot(page, 'not-found-en')
    await context.close()
  })

  it('gets a client id cookie and an anti-forgery token without any error alert', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    const tokenCall = page.waitForResponse((r) => r.url().endsWith('/web-api/open/token'), {
      timeout: 10_000,
    })
    await page.goto('/open/index')
    const token = await tokenCall
    expect(token.status()).toBe(200)
    expect((await context.cookies()).some((c) => c.name === 'Client-Id')).toBe(true)
    expect(await page.locator('.ant-alert-error, .ant-message-error').count()).toBe(0)
    await context.close()
  })
})
