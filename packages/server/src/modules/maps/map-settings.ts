import {
  DEFAULT_MAP_SCALE,
  MAP_MAX_ZOOM,
  MAP_PROVIDERS,
  type MapProvider,
  type TMapConfig,
} from '@brokerdesk/shared/maps'
import { and, inArray, isNull } from 'drizzle-orm'
import type { AppConfig } from '../../config'
import type { Db } from '../../db/client'
import { configs } from '../../db/schema/index'

const KEYS = ['map_provider', 'map_browser_key', 'map_security_code', 'map_scale', 'amap_server_key'] as const

export interface MapSettings {
  provider: MapProvider
  browserKey: string
  securityCode: string
  scale: number
  /** AMap's web service key: AMAP_SERVER_KEY, else the setting; empty: no search. */
  serverKey: string
  apiUrl: string
}

/** The maps settings as stored now (an unknown provider reads as AMap, a bad scale as the default). */
export async function readMapSettings(db: Db, config: AppConfig): Promise<MapSettings> {
  const rows = await db
    .select({ key: configs.key, value: configs.value })
    .from(configs)
    .where(and(inArray(configs.key, [...KEYS]), isNull(configs.deleted_at)))
  const value = (key: (typeof KEYS)[number]) => (rows.find((row) => row.key === key)?.value ?? '').trim()
  const provider = (MAP_PROVIDERS as readonly string[]).includes(value('map_provider'))
    ? (value('map_provider') as MapProvider)
    : 'amap'
  const scale = Number(value('map_scale'))
  return {
    provider,
    browserKey: value('map_browser_key'),
    securityCode: value('map_security_code'),
    scale: Number.isInteger(scale) && scale >= 3 && scale <= 28 ? scale : DEFAULT_MAP_SCALE,
    serverKey: config.amap.serverKey || value('amap_server_key'),
    apiUrl: config.amap.apiUrl,
  }
}

/** What the browser may know: everything but the server key (only whether there is one). */
export function browserMapConfig(settings: MapSettings): TMapConfig {
  return {
    provider: settings.provider,
    key: settings.browserKey,
    security_code: settings.provider === 'amap' ? settings.securityCode : '',
    scale: Math.min(settings.scale, MAP_MAX_ZOOM[settings.provider]),
    search: settings.serverKey !== '',
  }
}
