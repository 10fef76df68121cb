export interface WechatSettings {
  appId: string
  secret: string
  /** Base address of the API, e.g. https://api.weixin.qq.com */
  apiUrl: string
}

/** A credential and how long it lives, as the WeChat API answers it. */
export interface Expiring {
  value: string
  expiresInSeconds: number
}

const TIMEOUT_MS = 10_000

type Answer = Record<string, unknown> & { errcode?: number; errmsg?: string; expires_in?: number }

/** The WeChat API could not be reached or refused: the details are for the log, not for the caller. */
export class WechatApiError extends Error {
  override name = 'WechatApiError'
}

/** GETs an API address and answers the credential in `field`; a failure or a non-zero `errcode` throws. */
async function callWechat(url: URL, field: string): Promise<Expiring> {
  let answer: Answer
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
    answer = (await response.json()) as Answer
  } catch (error) {
    throw new WechatApiError(`${url.pathname}: ${error instanceof Error ? error.message : String(error)}`)
  }
  const value = answer[field]
  if ((answer.errcode ?? 0) !== 0 || typeof value !== 'string' || value === '') {
    throw new WechatApiError(
      `${url.pathname}: errcode ${answer.errcode ?? '-'} ${answer.errmsg ?? ''}`.trim(),
    )
  }
  return { value, expiresInSeconds: Number(answer.expires_in ?? 7200) }
}

/** The access token of the official account (client credentials). */
export function fetchAccessToken(settings: WechatSettings): Promise<Expiring> {
  const url = new URL(`${settings.apiUrl}/cgi-bin/token`)
  url.search = new URLSearchParams({
    grant_type: 'client_credential',
    appid: settings.appId,
    secret: settings.secret,
  }).toString()
  return callWechat(url, 'access_token')
}

/** The JS-SDK ticket an access token gives. */
export function fetchJsapiTicket(settings: WechatSettings, accessToken: string): Promise<Expiring> {
  const url = new URL(`${settings.apiUrl}/cgi-bin/ticket/getticket`)
  url.search = new URLSearchParams({ access_token: accessToken, type: 'jsapi' }).toString()
  return callWechat(url, 'ticket')
}
