import type { TWxConfigAnswer } from '@brokerdesk/shared'
import { beforeEach, describe, expect, it } from 'vitest'
import { BRIDGE, bridgeResultOf, bridgeStore } from './bridge-store'
import { shouldShare } from './should-share'
import { type ShareDeps, sharePage, type WxSdk } from './wechat-share'

const ANSWER: TWxConfigAnswer = {
  wxconfig: {
    appId: 'wx-app',
    timestamp: 1700000000,
    nonceStr: 'abcdefgh12345678',
    signature: 'f'.repeat(40),
  },
  show: {
    title: 'Brokerdesk',
    desc: 'Site description',
    link: 'https://b.example/open/index',
    imgUrl: 'https://b.example/i.png',
  },
}

/** A stand-in of `window.wx` that keeps what it was given and lets the test answer for WeChat. */
function fakeWx() {
  const calls: Record<string, Record<string, unknown>> = {}
  const callbacks: { ready?: () => void; error?: (res: { errMsg?: string }) => void } = {}
  const wx: WxSdk = {
    config: (options) => {
      calls.config = options
    },
    ready: (callback) => {
      callbacks.ready = callback
    },
    error: (callback) => {
      callbacks.error = callback
    },
    updateAppMessageShareData: (options) => {
      calls.appMessage = options
    },
    updateTimelineShareData: (options) => {
      calls.timeline = options
    },
  }
  return { wx, calls, callbacks }
}

function deps(wx: WxSdk, overrides: Partial<ShareDeps> = {}): ShareDeps & { asked: string[] } {
  const asked: string[] = []
  document.title = 'Products · Brokerdesk'
  return {
    asked,
    fetchConfig: async (url) => {
      asked.push(url)
      return ANSWER
    },
    loadSdk: async () => wx,
    href: () => 'https://b.example/admin/products?page=2#top',
    doc: document,
    ...overrides,
  }
}

beforeEach(() => bridgeStore.set({ state: BRIDGE.ready, result: null, message: '' }))

describe('the chat-app bridge', () => {
  it('reads WeChat results as ok, cancel or fail, and access denied as permission denied', () => {
    expect(bridgeResultOf('updateAppMessageShareData:ok')).toBe('ok')
    expect(bridgeResultOf('updateTimelineShareData:cancel')).toBe('cancel')
    expect(bridgeResultOf('config:fail,invalid signature')).toBe('fail')
    expect(bridgeResultOf('updateAppMessageShareData:fail, access denied')).toBe('permission denied')
    expect(bridgeResultOf('system:access_denied')).toBe('permission denied')
    expect(bridgeResultOf(undefined)).toBe('fail')
  })

  it('is pending while WeChat checks the signed configuration of the page address, then ready and sharing the page', async () => {
    const { wx, calls, callbacks } = fakeWx()
    const d = deps(wx)
    await sharePage(d)
    expect(bridgeStore.get().state).toBe(BRIDGE.pending)
    expect(d.asked).toEqual(['https://b.example/admin/products?page=2'])
    expect(calls.config).toMatchObject({ ...ANSWER.wxconfig, debug: false })
    expect(calls.config.jsApiList).toEqual(['updateAppMessageShareData', 'updateTimelineShareData'])

    callbacks.ready?.()
    expect(bridgeStore.get().state).toBe(BRIDGE.ready)
    expect(calls.appMessage).toMatchObject({
      title: 'Products · Brokerdesk',
      desc: 'Site description',
      link: ANSWER.show.link,
      imgUrl: ANSWER.show.imgUrl,
    })
    ;(calls.timeline.cancel as (res: { errMsg: string }) => void)({
      errMsg: 'updateTimelineShareData:cancel',
    })
    expect(bridgeStore.get().result).toBe('cancel')
    ;(calls.appMessage.success as (res: { errMsg: string }) => void)({
      errMsg: 'updateAppMessageShareData:ok',
    })
    expect(bridgeStore.get().result).toBe('ok')
  })

  it('fails when WeChat refuses the configuration, or the signature cannot be had', async () => {
    const { wx, callbacks } = fakeWx()
    await sharePage(deps(wx))
    callbacks.error?.({ errMsg: 'config:fail, access denied' })
    expect(bridgeStore.get()).toMatchObject({ state: BRIDGE.failed, result: 'permission denied' })

    await sharePage(
      deps(wx, {
        fetchConfig: async () => {
          throw new Error('HTTP 502')
        },
      }),
    )
    expect(bridgeStore.get()).toMatchObject({ state: BRIDGE.failed, result: 'fail', message: 'HTTP 502' })
  })

  it('runs only inside WeChat’s browser with an appid configured', () => {
    const wechat =
      'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI'
    expect(shouldShare('wx-app', wechat)).toBe(true)
    expect(shouldShare('', wechat)).toBe(false)
    expect(shouldShare('wx-app', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0')).toBe(false)
  })
})
