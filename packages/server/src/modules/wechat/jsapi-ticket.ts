import type { Db } from '../../db/client'
import { deleteCache, readCache, rememberShared } from '../../db/shared-cache'
import { type Expiring, fetchAccessToken, fetchJsapiTicket, type WechatSettings } from './wechat-api'

/** A credential is given up this long before WeChat says it expires, so none is used as it lapses. */
const EXPIRY_MARGIN_MS = 5 * 60_000

const cached = (credential: Expiring) => ({
  value: credential.value,
  ttlMs: Math.max(60_000, credential.expiresInSeconds * 1000 - EXPIRY_MARGIN_MS),
})

/**
 * The jsapi ticket of the official account, from the shared cache or fetched once for every server
 * process (with the access token it needs, cached the same way) for its lifetime.
 */
export async function getJsapiTicket(db: Db, settings: WechatSettings): Promise<string> {
  const ticketKey = `wechat:jsapi_ticket:${settings.appId}`
  const ticket = await readCache(db, ticketKey)
  if (ticket !== undefined) return ticket
  const tokenKey = `wechat:access_token:${settings.appId}`
  const accessToken = await rememberShared(db, tokenKey, async () => cached(await fetchAccessToken(settings)))
  try {
    return await rememberShared(db, ticketKey, async () =>
      cached(await fetchJsapiTicket(settings, accessToken)),
    )
  } catch (error) {
    // The token may have been revoked (another client of the account fetched a new one): the next try gets a fresh one.
    await deleteCache(db, tokenKey)
    throw error
  }
}
