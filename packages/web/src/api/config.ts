import { CONFIG_GLOBAL_NAME, DEFAULT_LANGUAGE, type GlobalConfig, LANGUAGES } from '@brokerdesk/shared'

declare global {
  interface Window {
    [CONFIG_GLOBAL_NAME]?: GlobalConfig
  }
}

/** What the SPA assumes when the server has not told it otherwise (vite dev without a server). */
export const DEFAULT_CONFIG: GlobalConfig = {
  name: 'Brokerdesk',
  api_url: '/api',
  web_url: '/web-api',
  app_url: '',
  use_url: '/web-api',
  lifetime: 120,
  theme: 'primary',
  language: DEFAULT_LANGUAGE,
  default_language: DEFAULT_LANGUAGE,
  locales: [...LANGUAGES],
  def_avatar: '',
  page_gray: 0,
  wechat_appid: '',
  app_key: '',
  api_public_key: '',
  debug: false,
  env: 'production',
  client_id: '',
  statistics_url: '',
  automation_redirect: [],
  maintenance: false,
  verify: { type: '', dataUrl: '', data: { client_fail_alert: '', lang: '', product: '', http: '' } },
}

export const CONFIG_URL = '/web-api/open/config'

let current: GlobalConfig = DEFAULT_CONFIG

export function getConfig(): GlobalConfig {
  return current
}

export function setConfig(config: Partial<GlobalConfig>): GlobalConfig {
  current = { ...DEFAULT_CONFIG, ...config }
  return current
}

/**
 * Reads the configuration the server injected into index.html; without it (vite dev) asks
 * GET /web-api/open/config, and falls back to the defaults when that fails too.
 */
export async function loadConfig(
  win: Window = window,
  fetchImpl: typeof fetch = fetch,
): Promise<GlobalConfig> {
  const injected = win[CONFIG_GLOBAL_NAME]
  if (injected && typeof injected === 'object') return setConfig(injected)
  try {
    const res = await fetchImpl(CONFIG_URL, {
      credentials: 'include',
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    })
    if (res.ok) return setConfig((await res.json()) as Partial<GlobalConfig>)
  } catch {
    // No server (vite dev): the defaults apply.
  }
  return setConfig({})
}

/**
 * The nonce antd's runtime <style> elements need under a nonce-based Content Security Policy
 * (ConfigProvider `csp`): the one of `<meta property="csp-nonce" nonce="…">` (Vite's convention)
 * when the server sends it, else the one of the injected config script (for a policy that uses one
 * nonce for scripts and styles).
 */
export function cspNonce(doc: Document = document): string | undefined {
  const nonceOf = (element: HTMLElement | null) =>
    element?.nonce || element?.getAttribute('nonce') || undefined
  return (
    nonceOf(doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')) ??
    nonceOf(doc.querySelector<HTMLScriptElement>('script[nonce]'))
  )
}
