import { z } from 'zod'

/** GET /open/wx-config?url=: the address of the page to share (its #fragment is ignored). */
export const ZWxConfigQuery = z.object({
  url: z
    .string({ error: 'validations.messages.required' })
    .trim()
    .min(1, { error: 'validations.messages.required' })
    .max(2000, { error: 'validations.messages.max?max=2000' })
    .refine((value) => /^https?:\/\/[^\s/?#]+/i.test(value), { error: 'validations.messages.url' }),
})

/** What `wx.config` needs: the signature is SHA1 over the jsapi ticket, nonce, timestamp and url. */
export interface TWxConfig {
  appId: string
  timestamp: number
  nonceStr: string
  signature: string
}

/** The share data of a page (the SPA replaces title, description and link with the page's own). */
export interface TWxShareData {
  title: string
  desc: string
  link: string
  imgUrl: string
}

export interface TWxConfigAnswer {
  wxconfig: TWxConfig
  show: TWxShareData
}

/** Where WeChat's JS-SDK is loaded from (the server's Content-Security-Policy allows it when configured). */
export const WECHAT_JS_SDK_ORIGIN = 'https://res.wx.qq.com'
export const WECHAT_JS_SDK_URL = `${WECHAT_JS_SDK_ORIGIN}/open/js/jweixin-1.6.0.js`
