import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearCookies, putCookie } from '../test/cookies'
import { DEFAULT_CONFIG } from './config'

type Handler = (url: string, init?: RequestInit) => Promise<Response>

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })

/**
 * index.html's `<script data-boot>`, as the browser runs it before the app's code; `preloads`: the
 * files the build writes into it (boot-preloads.ts), left out as in development when not given.
 */
function runBootScript(preloads?: unknown): void {
  const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8')
  const code = /<script data-boot>([\s\S]*?)<\/script>/.exec(html)?.[1]
  if (!code) throw new Error('index.html has no boot script')
  if (preloads !== undefined && !code.includes('"__BOOT_PRELOADS__"')) throw new Error('no preloads')
  new Function(
    preloads === undefined ? code : code.replace('"__BOOT_PRELOADS__"', JSON.stringify(preloads)),
  )()
}

/** The links the boot script added: rel, as, href and priority. */
const preloadLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload], link[rel=preload]')].map(
    (link) => `${link.rel}${link.as ? `:${link.as}` : ''} ${link.getAttribute('href')} ${link.fetchPriority}`,
  )

const PRELOADS = {
  admin: ['/assets/AdminLayout-1.js', '/assets/admin-1.css', '/assets/dayjs-1.js'],
  list: ['/assets/MenuRoutes-1.js', '/assets/ResourceListPage-1.js'],
  languages: { 'zh-CN': ['/assets/front-zh-CN-1.js', '/assets/dayjs-1.js'], en: ['/assets/front-en-1.js'] },
}

/** A page load at `address`: the modules evaluated afresh, as they are in a new document. */
async function loadPage(address: string) {
  window.history.replaceState({}, '', address)
  vi.resetModules()
  const { setConfig } = await import('./config')
  setConfig({ use_url: '/web-api', web_url: '/web-api', language: 'zh-CN' })
  const { http } = await import('./http')
  const { sessionStore } = await import('../state/session-store')
  return { http, sessionStore }
}

let fetchMock: ReturnType<typeof vi.fn<Handler>>

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  localStorage.clear()
  for (const link of document.head.querySelectorAll('link')) link.remove()
  clearCookies()
  putCookie('Client-Id', 'client-1')
  window.__bdBoot = undefined
  window.__BROKERDESK_SESSION__ = undefined
  window.__BROKERDESK_CONFIG__ = undefined
  fetchMock = vi.fn<Handler>(async (url) => json({ url }))
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('requests asked ahead at start', () => {
  it('asks, at the next visit of an address, what its start asked, and the app uses those answers', async () => {
    window.__BROKERDESK_SESSION__ = true
    const first = await loadPage('/admin/products?page=2')
    await first.http.get('/open/user')
    await first.http.get('/admin/products/list', { page: 2 })
    await first.http.get('/open/token')
    vi.advanceTimersByTime(1000)
    await first.http.get('/admin/firms/list') // a second later: no longer the start
    expect(JSON.parse(localStorage.getItem('bd-boot') ?? '{}')).toEqual({
      '/admin/products?page=2': {
        language: 'zh-CN',
        urls: ['/web-api/open/user', '/web-api/admin/products/list?page=2&json=1'],
      },
    })

    fetchMock.mockClear()
    window.history.replaceState({}, '', '/admin/products?page=2')
    runBootScript()
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/web-api/open/user',
      '/web-api/admin/products/list?page=2&json=1',
    ])
    expect(fetchMock.mock.calls[0][1]).toMatchObject({
      credentials: 'include',
      headers: { Language: 'zh-CN', 'Client-Id': 'client-1', RefererPage: '/admin/products' },
    })
    const second = await loadPage('/admin/products?page=2')
    await expect(second.http.get('/admin/products/list', { page: 2 })).resolves.toEqual({
      url: '/web-api/admin/products/list?page=2&json=1',
    })
    // Used once: the app's next call for the same URL asks the server.
    await second.http.get('/admin/products/list', { page: 2 })
    expect(fetchMock).toHaveBeenCalledTimes(3)
  })

  it('asks nothing ahead for a page whose request carried no session cookie, or a public address not seen', async () => {
    localStorage.setItem(
      'bd-boot',
      JSON.stringify({ '/admin/index': { language: 'en', urls: ['/web-api/x'] } }),
    )
    window.history.replaceState({}, '', '/admin/index')
    runBootScript()
    window.__BROKERDESK_SESSION__ = true
    window.history.replaceState({}, '', '/open/contact')
    runBootScript()
    expect(fetchMock).not.toHaveBeenCalled()
    expect(window.__bdBoot).toEqual({ language: 'zh-CN', answers: {} })
  })

  it('asks for the session, and in the back office the menu, at the first visit of an address, in the language the app will load', async () => {
    window.__BROKERDESK_SESSION__ = true
    window.__BROKERDESK_CONFIG__ = DEFAULT_CONFIG
    putCookie('Language', 'en')
    window.history.replaceState({}, '', '/admin/firms?page=3')
    runBootScript()
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/web-api/open/user', '/web-api/open/menu'])
    expect(fetchMock.mock.calls[0][1]).toMatchObject({
      headers: { Language: 'en', RefererPage: '/admin/firms' },
    })
    fetchMock.mockClear()
    window.history.replaceState({}, '', '/home/index')
    runBootScript()
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/web-api/open/user'])
  })

  it('does not use an answer asked in another language, or after a write', async () => {
    const page = await loadPage('/admin/index')
    const ahead = vi.fn(async () => json({ ahead: true }))
    window.__bdBoot = { language: 'en', answers: { '/web-api/open/menu': ahead() } }
    await expect(page.http.get('/open/menu')).resolves.toEqual({ url: '/web-api/open/menu' })

    window.__bdBoot = { language: 'zh-CN', answers: { '/web-api/open/menu': ahead() } }
    await page.http.post('/admin/firms', { name: 'x' })
    await expect(page.http.get('/open/menu')).resolves.toEqual({ url: '/web-api/open/menu' })
  })

  it('asks again when the answer asked ahead failed', async () => {
    const page = await loadPage('/admin/index')
    const failed = Promise.reject(new TypeError('offline'))
    failed.catch(() => undefined)
    window.__bdBoot = { language: 'zh-CN', answers: { '/web-api/open/user': failed } }
    await expect(page.http.get('/open/user')).resolves.toEqual({ url: '/web-api/open/user' })
  })

  it('forgets every address at logout', async () => {
    localStorage.setItem(
      'bd-boot',
      JSON.stringify({ '/admin/index': { language: 'en', urls: ['/web-api/x'] } }),
    )
    const page = await loadPage('/admin/index')
    page.sessionStore.set({ user: {}, lifetime: 0, loading: false })
    expect(localStorage.getItem('bd-boot')).toBeNull()
  })
})

describe('chunks asked ahead at start', () => {
  it("asks, on a back-office page, for the language's, the layout's and the list page's files, low, each once", () => {
    window.__BROKERDESK_SESSION__ = true
    window.__BROKERDESK_CONFIG__ = DEFAULT_CONFIG
    window.history.replaceState({}, '', '/admin/products?page=2')
    runBootScript(PRELOADS)
    expect(preloadLinks()).toEqual([
      'modulepreload /assets/front-zh-CN-1.js low',
      'modulepreload /assets/dayjs-1.js low',
      'modulepreload /assets/AdminLayout-1.js low',
      'preload:style /assets/admin-1.css low',
      'modulepreload /assets/MenuRoutes-1.js low',
      'modulepreload /assets/ResourceListPage-1.js low',
    ])
    // The session and the menu are asked first.
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it("asks on the back office's home for the language's and the layout's files, in the language the app will load", () => {
    window.__BROKERDESK_SESSION__ = true
    window.__BROKERDESK_CONFIG__ = DEFAULT_CONFIG
    putCookie('Language', 'en')
    for (const address of ['/admin', '/admin/', '/admin/index']) {
      for (const link of document.head.querySelectorAll('link')) link.remove()
      window.history.replaceState({}, '', address)
      runBootScript(PRELOADS)
      expect(preloadLinks()).toEqual([
        'modulepreload /assets/front-en-1.js low',
        'modulepreload /assets/AdminLayout-1.js low',
        'preload:style /assets/admin-1.css low',
        'modulepreload /assets/dayjs-1.js low',
      ])
    }
  })

  it('asks for no chunk without a session cookie, outside the back office, or in development', () => {
    window.__BROKERDESK_CONFIG__ = DEFAULT_CONFIG
    window.history.replaceState({}, '', '/admin/products')
    runBootScript(PRELOADS)
    window.__BROKERDESK_SESSION__ = true
    window.history.replaceState({}, '', '/home/index')
    runBootScript(PRELOADS)
    window.history.replaceState({}, '', '/admin/products')
    runBootScript()
    expect(preloadLinks()).toEqual([])
  })
})
