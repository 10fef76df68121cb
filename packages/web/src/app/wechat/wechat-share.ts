import { type TWxConfigAnswer, type TWxShareData, WECHAT_JS_SDK_URL } from '@brokerdesk/shared'
import { http } from '../../api/http'
import { bridgeFailed, bridgePending, bridgeReady, recordBridgeResult } from './bridge-store'

/** The part of WeChat's JS-SDK (`window.wx`) the SPA uses. */
export interface WxSdk {
  config(options: Record<string, unknown>): void
  ready(callback: () => void): void
  error(callback: (res: { errMsg?: string }) => void): void
  updateAppMessageShareData(options: WxShareCall): void
  updateTimelineShareData(options: WxShareCall): void
}

type WxShareCall = Partial<TWxShareData> & {
  success?: (res?: { errMsg?: string }) => void
  cancel?: (res?: { errMsg?: string }) => void
  fail?: (res?: { errMsg?: string }) => void
}

declare global {
  interface Window {
    wx?: WxSdk
  }
}

const SHARE_APIS = ['updateAppMessageShareData', 'updateTimelineShareData'] as const

let sdk: Promise<WxSdk> | null = null

/** Loads the JS-SDK once (the server's Content-Security-Policy allows its origin when WeChat is configured). */
export function loadWechatSdk(doc: Document = document): Promise<WxSdk> {
  sdk ??= new Promise<WxSdk>((resolve, reject) => {
    const script = doc.createElement('script')
    script.src = WECHAT_JS_SDK_URL
    script.async = true
    script.onload = () => (window.wx ? resolve(window.wx) : reject(new Error('wx is missing')))
    script.onerror = () => reject(new Error(`could not load ${WECHAT_JS_SDK_URL}`))
    doc.head.appendChild(script)
  }).catch((error: unknown) => {
    sdk = null
    throw error
  })
  return sdk
}

/** The share data of the page shown: its title and description over the site's, the site's link and image. */
export function pageShareData(site: TWxShareData, doc: Document = document): TWxShareData {
  const description = doc.querySelector('meta[name="description"]')?.getAttribute('content')
  return { ...site, title: doc.title || site.title, desc: description || site.desc }
}

export interface ShareDeps {
  fetchConfig: (url: string) => Promise<TWxConfigAnswer>
  loadSdk: () => Promise<WxSdk>
  href: () => string
  doc: Document
}

const browserDeps: ShareDeps = {
  fetchConfig: (url) => http.get<TWxConfigAnswer>('/open/wx-config', { url }, { silent: true }),
  loadSdk: () => loadWechatSdk(),
  href: () => window.location.href,
  doc: document,
}

/**
 * Configures the bridge for the page shown (GET /open/wx-config signs its address) and, once WeChat
 * is ready, hands it the page's share data; the bridge store follows each step.
 */
export async function sharePage(deps: ShareDeps = browserDeps): Promise<void> {
  bridgePending()
  let wx: WxSdk
  let answer: TWxConfigAnswer
  try {
    ;[wx, answer] = await Promise.all([deps.loadSdk(), deps.fetchConfig(deps.href().split('#')[0])])
  } catch (error) {
    bridgeFailed(error instanceof Error ? error.message : String(error))
    return
  }
  wx.config({ debug: false, ...answer.wxconfig, jsApiList: [...SHARE_APIS] })
  wx.error((res) => bridgeFailed(res?.errMsg ?? 'config:fail'))
  wx.ready(() => {
    bridgeReady()
    const share = pageShareData(answer.show, deps.doc)
    const report = (fallback: string) => (res?: { errMsg?: string }) =>
      recordBridgeResult(res?.errMsg ?? fallback)
    for (const api of SHARE_APIS) {
      wx[api]({
        ...share,
        success: report(`${api}:ok`),
        cancel: report(`${api}:cancel`),
        fail: report(`${api}:fail`),
      })
    }
  })
}

/**
 * Shares each page the router lands on (after it has rendered and set its title), inside WeChat's
 * browser (see should-share.ts). Returns the unsubscribe function.
 */
export function startWechatShare(router: {
  subscribe: (
    listener: (state: { navigation: { state: string }; location: { key: string } }) => void,
  ) => () => void
}): () => void {
  let shared = ''
  const share = (key: string) => {
    if (key === shared) return
    shared = key
    setTimeout(() => void sharePage(), 0)
  }
  share('initial')
  return router.subscribe((state) => {
    if (state.navigation.state === 'idle') share(state.location.key)
  })
}
