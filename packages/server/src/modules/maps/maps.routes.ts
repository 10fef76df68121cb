import { createHash } from 'node:crypto'
import { type TMapPlace, ZMapSearchQuery, ZRegionQuery } from '@brokerdesk/shared/maps'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { readCache, writeCache } from '../../db/shared-cache'
import { AppError, unauthenticated } from '../../errors'
import { childRegions } from '../areas/region-names'
import { AmapError, searchAmap } from './amap-search'
import { browserMapConfig, readMapSettings } from './map-settings'
import { SearchLimit } from './search-limit'

/** How long a search's answer is kept (the same words find the same places). */
export const SEARCH_CACHE_MS = 24 * 60 * 60 * 1000

const cacheKey = (keywords: string, city: string) =>
  `amap:place:${createHash('sha1').update(`${city.toLowerCase()}\n${keywords.toLowerCase()}`).digest('hex')}`

/**
 * The maps of the coordinate pickers (SPEC §2, §7): GET /home/map/config tells a page with a picker the
 * provider and browser key; GET /home/map/search-amap searches places by keyword with the server's
 * AMap key, which never reaches the browser. Answers are cached, searches limited per user.
 */
export const mapsRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = new SearchLimit(app.sharedCounter)

  app.get(
    '/home/map/config',
    {
      schema: {
        tags: ['home'],
        summary: "The map provider and its browser key, for a page's coordinate picker",
      },
    },
    async (request) => {
      if (!request.user) throw unauthenticated()
      return { map: browserMapConfig(await readMapSettings(app.db, app.config)) }
    },
  )

  app.get(
    '/home/map/regions',
    {
      schema: {
        tags: ['home'],
        summary: 'The regions inside a region (parent_id 0: the provinces), for the place cascaders',
        querystring: ZRegionQuery,
      },
    },
    async (request) => {
      if (!request.user) throw unauthenticated()
      return { regions: await childRegions(app.db, request.query.parent_id) }
    },
  )

  app.get(
    '/home/map/search-amap',
    {
      schema: {
        tags: ['home'],
        summary: "Places matching keywords (AMap's place search through the server)",
        querystring: ZMapSearchQuery,
      },
    },
    async (request) => {
      const user = request.user
      if (!user) throw unauthenticated()
      const settings = await readMapSettings(app.db, app.config)
      if (!settings.serverKey) throw new AppError('not_found', 'map.search_not_configured')
      const { keywords } = request.query
      const city = request.query.city ?? ''
      const key = cacheKey(keywords, city)
      const cached = await readCache(app.db, key)
      if (cached !== undefined) return { places: JSON.parse(cached) as TMapPlace[], cached: true }
      const wait = await limit.take(user.id)
      if (wait > 0) {
        throw new AppError('too_many_requests', 'map.too_many_searches', {
          params: { seconds: wait },
          extras: { retry_after: wait },
        })
      }
      let places: TMapPlace[]
      try {
        places = await searchAmap(settings, keywords, city)
      } catch (error) {
        if (!(error instanceof AmapError)) throw error
        request.log.error({ err: error }, 'the AMap place search failed')
        throw new AppError('bad_gateway', 'map.search_unavailable')
      }
      await writeCache(app.db, key, JSON.stringify(places), SEARCH_CACHE_MS)
      return { places, cached: false }
    },
  )
}
