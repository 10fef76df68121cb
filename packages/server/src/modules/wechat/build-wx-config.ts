import type { Language, TWxConfigAnswer } from '@brokerdesk/shared'
import { and, inArray, isNull } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { configs } from '../../db/schema/index'
import { AppError } from '../../errors'
import { seededText } from '../../i18n/seeded-texts'
import { randomString } from '../../secrets'
import { getJsapiTicket } from './jsapi-ticket'
import { signJsapi, withoutFragment } from './sign-jsapi'
import { WechatApiError } from './wechat-api'

const SHARE_SETTINGS = ['site_name', 'site_description', 'share_image'] as const

async function readShareSettings(db: Db): Promise<Record<string, string>> {
  const rows = await db
    .select({ key: configs.key, value: configs.value })
    .from(configs)
    .where(and(inArray(configs.key, [...SHARE_SETTINGS]), isNull(configs.deleted_at)))
  return Object.fromEntries(rows.map((row) => [row.key, row.value]))
}

/**
 * GET /open/wx-config: what the SPA hands to `wx.config` for the page at `url` — the appid, a
 * timestamp, a nonce and their SHA1 signature with the jsapi ticket — and the site's share data
 * (name, description in the reader's language while it is the seeded one, share image or the site
 * icon, the page's address).
 */
export async function buildWxConfig(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  url: string,
  language: Language,
  now = new Date(),
): Promise<TWxConfigAnswer> {
  const settings = app.config.wechat
  if (!settings.appId) throw new AppError('not_found', 'wechat.not_configured')
  let ticket: string
  try {
    ticket = await getJsapiTicket(app.db, settings)
  } catch (error) {
    if (!(error instanceof WechatApiError)) throw error
    log.error({ err: error }, 'the WeChat API failed')
    throw new AppError('bad_gateway', 'wechat.unavailable')
  }
  const link = withoutFragment(url)
  const timestamp = Math.floor(now.getTime() / 1000)
  const nonceStr = randomString(16)
  const shared = await readShareSettings(app.db)
  return {
    wxconfig: {
      appId: settings.appId,
      timestamp,
      nonceStr,
      signature: signJsapi({ ticket, nonceStr, timestamp, url: link }),
    },
    show: {
      title: shared.site_name || app.config.name,
      desc: seededText(language, 'configs', 'site_description', 'value', shared.site_description ?? ''),
      link,
      imgUrl: shared.share_image || new URL('/favicon.svg', link).toString(),
    },
  }
}
