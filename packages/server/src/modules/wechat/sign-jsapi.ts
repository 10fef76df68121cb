import { createHash } from 'node:crypto'

/** The page address WeChat signs: the url without its #fragment. */
export const withoutFragment = (url: string) => url.split('#')[0]

/**
 * The JS-SDK signature as WeChat documents it: SHA1 (hex) of
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, the fields in that order and the url without its fragment.
 */
export function signJsapi(options: { ticket: string; nonceStr: string; timestamp: number; url: string }) {
  const text = `jsapi_ticket=${options.ticket}&noncestr=${options.nonceStr}&timestamp=${options.timestamp}&url=${withoutFragment(options.url)}`
  return createHash('sha1').update(text).digest('hex')
}
