import {
  type AnswerExtras,
  type ErrorBody,
  LONG_COOKIE_DAYS,
  TOKEN_FIRST_REFRESH_MS,
  TOKEN_REFRESH_INTERVAL_MS,
} from '@brokerdesk/shared'
import { i18n } from '../i18n/i18n'
import { requestLanguage } from '../i18n/language'
import { pushAlert } from '../state/alerts'
import { modalStore, showModal } from '../state/modal'
import { clearUser } from '../state/session-store'
import { dropBootAnswers, recordBootRequest, takeBootAnswer } from './boot-requests'
import { getConfig } from './config'
import { getCookie, readCookies, removeCookie, setCookie } from './cookies'
import { openAnswer, sealRequest } from './encryption'
import { currentPath, goToUrl, isAbsoluteUrl, loginPath, navigateTo } from './navigation'
import { getToken, setToken } from './token'

export type Params = Record<string, unknown>
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RequestOptions {
  method?: HttpMethod
  /** Query parameters; serialised with an extra json=1 (arrays and objects JSON-encoded). */
  params?: Params
  body?: unknown
  /** Prefix of the path; config.use_url by default. */
  base?: string
  headers?: Record<string, string>
  signal?: AbortSignal
  redirect?: RequestRedirect
  /** Background calls (session, token, client id): no generic error alert; every other rule applies. */
  silent?: boolean
  /** Error statuses the caller tells the user about itself (e.g. a login's 429): no generic alert for them. */
  handledStatuses?: readonly number[]
}

type Answer = AnswerExtras & Partial<ErrorBody> & Record<string, unknown>

/** A failed call. `errors` holds a 422's messages keyed by field; `handled` tells whether the user was already told. */
export class HttpError extends Error {
  readonly status: number
  readonly code: string
  readonly errors: Record<string, string[]>
  readonly body: unknown
  readonly handled: boolean

  constructor(status: number, body: Answer | undefined, handled: boolean, fallbackMessage = '') {
    super(body?.message || fallbackMessage || `HTTP ${status}`)
    this.name = 'HttpError'
    this.status = status
    this.code = body?.code ?? ''
    this.errors = body?.errors ?? {}
    this.body = body
    this.handled = handled
  }
}

export const COOKIE = {
  authorization: 'Authorization',
  openId: 'Open-Id',
  clientId: 'Client-Id',
  language: 'Language',
} as const

export function buildQuery(params: Params | undefined): string {
  if (params === undefined) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue
    search.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value))
  }
  search.set('json', '1')
  return `?${search.toString()}`
}

let memoryClientId = ''

/** The headers every call carries (SPEC §7). */
export function buildHeaders(): Record<string, string> {
  const cookies = readCookies()
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Language: requestLanguage(),
    RefererPage: currentPath(),
    'X-Requested-With': 'XMLHttpRequest',
    'X-CSRF-TOKEN': getToken(),
    'Client-Id': cookies.get(COOKIE.clientId) || memoryClientId,
  }
  const authorization = cookies.get(COOKIE.authorization)
  if (authorization) headers.Authorization = authorization
  const openId = cookies.get(COOKIE.openId)
  if (openId) headers['Open-Id'] = openId
  return headers
}

function encodeBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) return body
  if (typeof body === 'string') return body
  headers['Content-Type'] = 'application/json'
  return JSON.stringify(body)
}

/** Whether this body goes encrypted: a JSON body of a write, while the server publishes a key and debug is off. */
function sealable(method: HttpMethod, body: unknown): boolean {
  const config = getConfig()
  if (method === 'GET' || body === undefined || !config.api_public_key || config.debug) return false
  return !(
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    typeof body === 'string'
  )
}

/** The answer's JSON text, opened first when it comes sealed; undefined for a sealed answer that does not check out. */
async function readText(
  res: Response,
  key: Uint8Array<ArrayBuffer> | undefined,
): Promise<string | undefined> {
  const text = await res.text()
  if (!key || res.headers.get('Response-Encryption') !== '1') return text
  try {
    return await openAnswer(key, JSON.parse(text))
  } catch {
    return undefined
  }
}

async function readBody(res: Response, key?: Uint8Array<ArrayBuffer>): Promise<unknown> {
  if (res.status === 204 || res.type === 'opaqueredirect') return undefined
  const text = await readText(res, key)
  if (text === undefined) throw new HttpError(0, undefined, false, i18n.t('http.bad_answer'))
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** The message of the open forced-logout prompt, while it is open. */
let forcedOutMessage = ''

/** Whether the prompt saying the session was ended (a login elsewhere, an administrator...) is open. */
function forcedOutPromptOpen(): boolean {
  const modal = modalStore.get()
  return modal.open && forcedOutMessage !== '' && modal.content === forcedOutMessage
}

/** Logs out and says why: the server's message (logged in elsewhere, ended by an administrator...). */
function forceLogout(reason: string | undefined): void {
  removeCookie(COOKIE.authorization)
  removeCookie(COOKIE.openId)
  clearUser()
  if (forcedOutPromptOpen()) return
  const message = reason || i18n.t('http.force_logout')
  forcedOutMessage = message
  const redirect = loginPath()
  showModal({
    title: i18n.t('http.prompt'),
    content: message,
    showCancel: false,
    closable: false,
    onOk: () => navigateTo(redirect),
  })
}

/**
 * The answer rules of SPEC §7; returns whether the user was told something. `silent` leaves out the
 * generic error alert (also left out for a forced logout, whose prompt says it all).
 */
export function applyAnswerRules(status: number, answer: Answer | undefined, silent = false): boolean {
  let handled = false
  if (answer && typeof answer._token === 'string' && answer._token) setToken(answer._token)
  // The anti-forgery token is bound to the session: with the session gone, so is the token.
  else if (status === 401) void refreshToken().catch(() => undefined)
  if (answer?.force_logout) {
    forceLogout(typeof answer.message === 'string' ? answer.message : undefined)
    handled = true
  }
  if (answer?.redirect) {
    if (isAbsoluteUrl(answer.redirect)) goToUrl(answer.redirect)
    else navigateTo(answer.redirect, { replace: status !== 200 })
    handled = true
  }
  if (answer?.alert) handled = pushAlert({ show: true, ...answer.alert }) > 0 || handled
  if (status === 503) {
    navigateTo('/503')
    return true
  }
  if (status === 419 && /token/i.test(answer?.message ?? '')) {
    void refreshToken().catch(() => undefined)
    // A session just ended by a login elsewhere also ends its token: the open prompt says it all.
    if (!forcedOutPromptOpen())
      pushAlert({ show: true, type: 'danger', message: i18n.t('http.token_expired') })
    return true
  }
  const ok = (status >= 200 && status < 300) || status === 302
  // An answer that leads elsewhere (a security step to take first) says enough by going there.
  if (!ok && status !== 422 && !answer?.alert && !answer?.force_logout && !answer?.redirect && !silent) {
    pushAlert({ show: true, type: 'danger', message: i18n.t('http.server_error') })
    handled = true
  }
  return handled
}

/** The answer asked ahead for this GET, if any; a failed one is asked again by the caller. */
async function bootAnswer(
  url: string,
  language: string,
  signal?: AbortSignal,
): Promise<Response | undefined> {
  const ahead = takeBootAnswer(url, language)
  if (!ahead) return undefined
  const res = await ahead.catch(() => undefined)
  signal?.throwIfAborted()
  return res
}

async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET'
  const base = options.base ?? getConfig().use_url
  const url = `${isAbsoluteUrl(path) ? path : base + path}${buildQuery(options.params)}`
  const headers = { ...buildHeaders(), ...options.headers }
  // A GET as the app always sends it may have been asked ahead at start (api/boot-requests.ts).
  const plainGet = method === 'GET' && !options.headers && !options.redirect
  if (plainGet) recordBootRequest(url, headers.Language)
  else if (method !== 'GET') dropBootAnswers()
  let res: Response
  let key: Uint8Array<ArrayBuffer> | undefined
  try {
    let body: BodyInit | undefined
    if (sealable(method, options.body)) {
      const sealed = await sealRequest(getConfig().api_public_key, options.body)
      key = sealed.key
      body = sealed.body
      headers['Content-Type'] = 'application/json'
      headers['Api-Encryption'] = '1'
      headers['Support-Response-Encryption'] = '1'
    } else {
      body = encodeBody(options.body, headers)
    }
    res =
      (plainGet ? await bootAnswer(url, headers.Language, options.signal) : undefined) ??
      (await fetch(url, {
        method,
        headers,
        body,
        credentials: 'include',
        signal: options.signal,
        redirect: options.redirect,
      }))
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error
    if (!options.silent) pushAlert({ show: true, type: 'danger', message: i18n.t('http.server_error') })
    throw new HttpError(0, undefined, !options.silent, (error as Error)?.message)
  }
  const status = res.type === 'opaqueredirect' ? 302 : res.status
  let body: unknown
  try {
    body = await readBody(res, key)
  } catch (error) {
    if (!options.silent) pushAlert({ show: true, type: 'danger', message: i18n.t('http.bad_answer') })
    throw error
  }
  const answer = body && typeof body === 'object' ? (body as Answer) : undefined
  const quiet = options.silent || options.handledStatuses?.includes(status)
  const handled = applyAnswerRules(status, answer, quiet)
  if ((status >= 200 && status < 300) || status === 302) return body as T
  throw new HttpError(status, answer, handled, typeof body === 'string' ? body : '')
}

let clientIdRequest: Promise<string> | null = null

/**
 * Asks GET {use_url}/open/client-id once when the browser has no Client-Id cookie yet. The id, once
 * known, is kept: the cookie is not read again before every request (each read of `document.cookie`
 * asks the browser's network process; the headers read it once).
 */
export function ensureClientId(): Promise<string> {
  memoryClientId ||= getCookie(COOKIE.clientId)
  if (memoryClientId) return Promise.resolve(memoryClientId)
  clientIdRequest ??= send<{ client_id?: string }>('/open/client-id', { silent: true })
    .then((answer) => {
      memoryClientId = answer?.client_id ?? ''
      if (memoryClientId && !getCookie(COOKIE.clientId)) {
        setCookie(COOKIE.clientId, memoryClientId, LONG_COOKIE_DAYS)
      }
      return memoryClientId
    })
    .catch(() => '')
    .finally(() => {
      clientIdRequest = null
    })
  return clientIdRequest
}

let tokenRequest: Promise<string> | null = null

/** GET {web_url}/open/token; the `_token` rule stores the answer. */
export function refreshToken(): Promise<string> {
  tokenRequest ??= send<{ _token?: string }>('/open/token', { base: getConfig().web_url, silent: true })
    .then(() => getToken())
    .finally(() => {
      tokenRequest = null
    })
  return tokenRequest
}

/** Fetches the token 1.5 s after start and every 2 h; returns a stop function. */
export function startTokenRefresh(): () => void {
  const refresh = () => void refreshToken().catch(() => undefined)
  const first = setTimeout(refresh, TOKEN_FIRST_REFRESH_MS)
  const every = setInterval(refresh, TOKEN_REFRESH_INTERVAL_MS)
  return () => {
    clearTimeout(first)
    clearInterval(every)
  }
}

/** The one HTTP client of the SPA. Rejects with an HttpError for any status outside 2xx. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  await ensureClientId()
  if ((options.method ?? 'GET') !== 'GET') {
    // A write waits for a token being fetched (the one held may belong to a session that ended).
    if (tokenRequest) await tokenRequest.catch(() => undefined)
    else if (!getToken()) await refreshToken().catch(() => undefined)
  }
  return send<T>(path, options)
}

type Extra = Omit<RequestOptions, 'method' | 'params' | 'body'>

export const http = {
  get: <T>(path: string, params?: Params, options?: Extra) => request<T>(path, { ...options, params }),
  post: <T>(path: string, body?: unknown, options?: Extra) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Extra) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, body?: unknown, options?: Extra) =>
    request<T>(path, { ...options, method: 'DELETE', body }),
}

/** Test hook: forgets the client id and pending requests. */
export function resetHttpState(): void {
  memoryClientId = ''
  clientIdRequest = null
  tokenRequest = null
}
