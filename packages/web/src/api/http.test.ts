import { DEFAULT_LANGUAGE } from '@brokerdesk/shared'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n, NAMESPACE } from '../i18n/i18n'
import { applyLanguage } from '../i18n/language'
import { alertStore, clearAlerts } from '../state/alerts'
import { closeModal, modalStore } from '../state/modal'
import { sessionStore } from '../state/session-store'
import { clearCookies, putCookie } from '../test/cookies'
import { setConfig } from './config'
import { HttpError, http, resetHttpState, startTokenRefresh } from './http'
import { type Navigator, setLocationAssigner, setNavigator } from './navigation'
import { getToken, setToken } from './token'

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

let fetchMock: ReturnType<typeof vi.fn<Handler>>
let navigate: ReturnType<typeof vi.fn<Navigator>>
let assign: ReturnType<typeof vi.fn<(url: string) => void>>

function respond(handler: Handler) {
  fetchMock.mockImplementation(async (url, init) => handler(String(url), init ?? {}))
}

function calls(): { url: string; init: RequestInit }[] {
  return fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), init: init ?? {} }))
}

function alerts() {
  return alertStore.get().filter((item) => item.show)
}

beforeEach(() => {
  setConfig({ use_url: '/web-api', web_url: '/web-api' })
  resetHttpState()
  clearAlerts()
  closeModal()
  clearCookies()
  putCookie('Client-Id', 'client-1')
  setToken('csrf-1')
  window.history.pushState({}, '', '/admin/firms')
  fetchMock = vi.fn<Handler>()
  vi.stubGlobal('fetch', fetchMock)
  navigate = vi.fn<Navigator>()
  assign = vi.fn<(url: string) => void>()
  setNavigator(navigate)
  setLocationAssigner(assign)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('requests', () => {
  it('sends every header, credentials and json=1 with the query', async () => {
    putCookie('Authorization', 'Bearer abc')
    putCookie('Open-Id', 'open-9')
    respond(() => json({ data: [] }))

    await http.get('/admin/firms/list', { page: 2, ids: [1, 2], name: 'A&B', skip: undefined })

    const [{ url, init }] = calls()
    expect(url).toBe('/web-api/admin/firms/list?page=2&ids=%5B1%2C2%5D&name=A%26B&json=1')
    expect(init.credentials).toBe('include')
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer abc',
      'Open-Id': 'open-9',
      Language: 'zh-CN',
      RefererPage: '/admin/firms',
      'X-Requested-With': 'XMLHttpRequest',
      'X-CSRF-TOKEN': 'csrf-1',
      'Client-Id': 'client-1',
    })
  })

  it("reads the browser's cookies once for a request's headers, the client id once known kept", async () => {
    putCookie('Authorization', 'Bearer abc')
    respond(() => json({ data: [] }))
    await http.get('/admin/firms/list')
    const reads = vi.spyOn(Document.prototype, 'cookie', 'get')

    await http.get('/admin/firms/list')

    expect(reads).toHaveBeenCalledTimes(1)
    reads.mockRestore()
    expect(calls()[1].init.headers).toMatchObject({ Authorization: 'Bearer abc', 'Client-Id': 'client-1' })
  })

  it('asks in the language the app is loading while its texts still load (the calls of the start)', async () => {
    respond(() => json({ data: [] }))
    const loading = applyLanguage('fr', { persist: false })
    await http.get('/open/menu')
    await loading
    expect(calls()[0].init.headers).toMatchObject({ Language: 'fr' })
    // Back to the tests' language with the English texts alone (src/test/setup.ts).
    await applyLanguage(DEFAULT_LANGUAGE, { persist: false })
    for (const language of ['fr', DEFAULT_LANGUAGE]) i18n.removeResourceBundle(language, NAMESPACE)
  })

  it('asks for a client id first when the browser has no Client-Id cookie', async () => {
    clearCookies()
    respond((url) => (url.endsWith('/open/client-id') ? json({ client_id: 'new-client' }) : json({})))

    await http.get('/open/menu')

    expect(calls().map((c) => c.url)).toEqual(['/web-api/open/client-id', '/web-api/open/menu'])
    expect((calls()[1].init.headers as Record<string, string>)['Client-Id']).toBe('new-client')
    expect(document.cookie).toContain('Client-Id=new-client')
  })

  it('takes any _token an answer carries', async () => {
    respond(() => json({ _token: 'csrf-2' }))
    await http.get('/open/user')
    expect(getToken()).toBe('csrf-2')
  })

  it('fetches the token 1.5 s after start and every two hours', async () => {
    vi.useFakeTimers()
    respond(() => json({ _token: 'fresh' }))
    const stop = startTokenRefresh()

    await vi.advanceTimersByTimeAsync(1499)
    expect(fetchMock).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(calls().map((c) => c.url)).toEqual(['/web-api/open/token'])
    expect(getToken()).toBe('fresh')

    await vi.advanceTimersByTimeAsync(7_200_000)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    stop()
  })

  it('gets a token before a write when it has none yet', async () => {
    setToken('')
    respond((url) => (url.endsWith('/open/token') ? json({ _token: 'csrf-3' }) : json({ ok: true })))

    await http.post('/open/login', { username: 'a', password: 'b' })

    const [token, login] = calls()
    expect(token.url).toBe('/web-api/open/token')
    expect(login.init.method).toBe('POST')
    expect(login.init.body).toBe('{"username":"a","password":"b"}')
    expect((login.init.headers as Record<string, string>)['X-CSRF-TOKEN']).toBe('csrf-3')
  })
})

describe('answer rules', () => {
  it('force_logout clears the user and prompts to log in again with the reason, without a cancel button', async () => {
    sessionStore.set({ user: { id: 7 }, lifetime: 120, loading: false })
    respond(() => json({ message: '您已被管理员强制下线', code: 'unauthenticated', force_logout: true }, 401))

    await expect(http.get('/admin/firms/list')).rejects.toBeInstanceOf(HttpError)

    expect(sessionStore.get().user).toEqual({})
    const modal = modalStore.get()
    expect(modal).toMatchObject({
      open: true,
      title: 'Prompt',
      content: '您已被管理员强制下线',
      showCancel: false,
    })
    modal.onOk?.()
    expect(navigate).toHaveBeenCalledWith('/open/login?redirect=%2Fadmin%2Ffirms')
    // The prompt says it all: no "error while requesting the server" alert beside it.
    expect(alerts()).toEqual([])
  })

  it('leaves the statuses a caller handles itself without the generic alert', async () => {
    respond(() =>
      json({ message: 'Too many failed logins', code: 'too_many_requests', retry_after: 600 }, 429),
    )
    const error = await http.post('/open/login', {}, { handledStatuses: [429] }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 429, handled: false, message: 'Too many failed logins' })
    expect(alerts()).toEqual([])

    await expect(http.post('/open/login', {})).rejects.toMatchObject({ status: 429 })
    expect(alerts()).toHaveLength(1)
  })

  it('follows an absolute redirect with the browser', async () => {
    respond(() => json({ redirect: 'https://sso.example.com/login' }))
    await http.get('/open/user')
    expect(assign).toHaveBeenCalledWith('https://sso.example.com/login')
    expect(navigate).not.toHaveBeenCalled()
  })

  it('pushes a route redirect on 200 and replaces it on other statuses', async () => {
    respond(() => json({ redirect: '/home/index' }))
    await http.get('/open/user')
    expect(navigate).toHaveBeenLastCalledWith('/home/index', { replace: false })

    respond(() => json({ message: 'Forbidden', code: 'forbidden', redirect: '/admin/403' }, 403))
    await expect(http.get('/admin/roles/list')).rejects.toMatchObject({ status: 403 })
    expect(navigate).toHaveBeenLastCalledWith('/admin/403', { replace: true })
    // Going there says enough: no generic error alert beside it.
    expect(alerts()).toEqual([])
  })

  it('shows the alert an answer carries instead of the generic one', async () => {
    respond(() =>
      json(
        { message: 'Locked', code: 'locked', alert: { message: 'Record is locked', type: 'warning' } },
        423,
      ),
    )
    await expect(http.get('/admin/firms/1')).rejects.toMatchObject({ status: 423, handled: true })
    expect(alerts().map((a) => [a.message, a.type])).toEqual([['Record is locked', 'warning']])
  })

  it('sends a 503 to the maintenance page', async () => {
    respond(() => json({ message: 'Maintenance', code: 'maintenance' }, 503))
    await expect(http.get('/open/menu')).rejects.toMatchObject({ status: 503 })
    expect(navigate).toHaveBeenCalledWith('/503')
    expect(alerts()).toEqual([])
  })

  it('refreshes the token and says so on a 419 about the token', async () => {
    respond((url) =>
      url.endsWith('/open/token')
        ? json({ _token: 'csrf-new' })
        : json({ message: 'CSRF token mismatch', code: 'token_mismatch' }, 419),
    )
    await expect(http.post('/admin/firms', { name: 'X' })).rejects.toMatchObject({ status: 419 })
    await vi.waitFor(() => expect(getToken()).toBe('csrf-new'))
    expect(calls().map((c) => c.url)).toContain('/web-api/open/token')
    expect(alerts().map((a) => [a.message, a.type])).toEqual([
      ['Token has expired, please try again', 'danger'],
    ])
  })

  it('says nothing more on a 419 once the session was ended by a login elsewhere', async () => {
    // The token refresh learns first that the session was ended; a form sent just then has a dead token.
    respond((url) =>
      url.endsWith('/open/token')
        ? json({ code: 'unauthenticated', force_logout: true }, 401)
        : json({ message: 'CSRF token mismatch', code: 'token_mismatch' }, 419),
    )
    await expect(http.get('/open/token')).rejects.toMatchObject({ status: 401 })
    await expect(http.post('/home/personage/index', { nickname: 'A' })).rejects.toMatchObject({ status: 419 })
    expect(modalStore.get()).toMatchObject({
      open: true,
      content: 'Your account has been logged in elsewhere',
    })
    expect(alerts()).toEqual([])
  })

  it('fetches a new token once the session is gone (401), and a write waits for it', async () => {
    setToken('csrf-of-the-ended-session')
    let answerToken: (response: Response) => void = () => undefined
    respond((url) =>
      url.endsWith('/open/token')
        ? new Promise<Response>((resolve) => {
            answerToken = resolve
          })
        : url.endsWith('/open/login')
          ? json({ user: { id: 1 } })
          : json({ message: 'Unauthenticated', code: 'unauthenticated' }, 401),
    )
    await expect(http.get('/home/personage/index')).rejects.toMatchObject({ status: 401 })
    const login = http.post('/open/login', { username: 'a', password: 'b' })
    await vi.waitFor(() => expect(calls().map((c) => c.url)).toContain('/web-api/open/token'))
    expect(calls().some((c) => c.url.endsWith('/open/login'))).toBe(false)
    answerToken(json({ _token: 'csrf-of-the-client' }))
    await login
    const sent = calls().find((c) => c.url.endsWith('/open/login'))
    expect(new Headers(sent?.init.headers).get('X-CSRF-TOKEN')).toBe('csrf-of-the-client')
  })

  it('leaves a 422 to the caller with the errors keyed by field', async () => {
    const errors = { name: ['The name field is required'], url: ['The url field must be a valid URL'] }
    respond(() => json({ message: 'The given data was invalid.', code: 'validation', errors }, 422))

    const error = await http.post('/admin/firms', {}).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).errors).toEqual(errors)
    expect((error as HttpError).handled).toBe(false)
    expect(alerts()).toEqual([])
  })

  it('shows a danger alert for 3 seconds on any other failure', async () => {
    vi.useFakeTimers()
    respond(() => json({ message: 'Boom', code: 'internal' }, 500))

    await expect(http.get('/admin/firms/list')).rejects.toMatchObject({ status: 500, code: 'internal' })
    expect(alerts()).toMatchObject([
      {
        type: 'danger',
        message: 'An error occurred while requesting the server, please contact the developer in time',
      },
    ])
    await vi.advanceTimersByTimeAsync(2999)
    expect(alerts()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(alertStore.get()).toEqual([])
  })

  it('keeps background calls quiet but still applies their other rules', async () => {
    respond(() => json({ message: 'Boom', code: 'internal' }, 500))
    await expect(http.get('/open/user', undefined, { silent: true })).rejects.toMatchObject({
      handled: false,
    })
    expect(alerts()).toEqual([])

    respond(() => json({ message: 'Maintenance', code: 'maintenance' }, 503))
    await expect(http.get('/open/user', undefined, { silent: true })).rejects.toMatchObject({ status: 503 })
    expect(navigate).toHaveBeenCalledWith('/503')
  })

  it('treats a network failure like a server error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(http.get('/open/menu')).rejects.toMatchObject({ status: 0 })
    expect(alerts()).toHaveLength(1)
  })
})
