import { z } from 'zod'

/** The map providers a coordinate picker can draw with (SPEC §2), chosen in the settings. */
export const MAP_PROVIDERS = ['amap', 'baidu', 'tencent'] as const
export type MapProvider = (typeof MAP_PROVIDERS)[number]

/** SPEC §9: the map scale a picker starts at; each provider caps it at its own deepest zoom. */
export const DEFAULT_MAP_SCALE = 28

/** The deepest zoom each provider's JS API draws. */
export const MAP_MAX_ZOOM: Record<MapProvider, number> = { amap: 20, baidu: 19, tencent: 20 }

/** Longest keyword a place search accepts. */
export const MAP_KEYWORDS_MAX = 80

/** GET /home/map/search-amap?keywords=&city= */
export const ZMapSearchQuery = z.object({
  keywords: z
    .string({ error: 'validations.messages.required' })
    .trim()
    .min(1, { error: 'validations.messages.required' })
    .max(MAP_KEYWORDS_MAX, { error: 'validations.messages.max' }),
  city: z.string().trim().max(40, { error: 'validations.messages.max' }).optional(),
})
export type TMapSearchQuery = z.infer<typeof ZMapSearchQuery>

/** A place the search found. */
export interface TMapPlace {
  id: string
  name: string
  address: string
  lng: number
  lat: number
}

/**
 * What a page with a picker needs (GET /home/map/config): the provider, the browser key of its JS API
 * (empty: no map, number inputs), AMap's security code, the starting scale and whether the server can
 * search (it holds a server key; the key itself never leaves the server).
 */
export interface TMapConfig {
  provider: MapProvider
  key: string
  security_code: string
  scale: number
  search: boolean
}

/** GET /home/map/regions?parent_id= (0: the provinces). */
export const ZRegionQuery = z.object({
  parent_id: z.coerce
    .number({ error: 'validations.messages.integer' })
    .int({ error: 'validations.messages.integer' })
    .min(0, { error: 'validations.messages.min_value' })
    .max(999_999_999, { error: 'validations.messages.max_value' })
    .default(0),
})

/** A region as the cascaders load it. */
export interface TRegion {
  value: number
  label: string
  leaf: boolean
}
