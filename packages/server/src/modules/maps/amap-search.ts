import type { TMapPlace } from '@brokerdesk/shared/maps'

const TIMEOUT_MS = 8_000
/** Places one search answers. */
export const PLACES_PER_SEARCH = 10

/** AMap could not be reached or refused the request: the details are for the log, not for the caller. */
export class AmapError extends Error {
  override name = 'AmapError'
}

interface AmapPoi {
  id?: unknown
  name?: unknown
  address?: unknown
  location?: unknown
  pname?: unknown
  cityname?: unknown
  adname?: unknown
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** A POI of AMap's answer as a place, or null when it has no usable location. */
function placeOf(poi: AmapPoi): TMapPlace | null {
  const [lng, lat] = text(poi.location).split(',').map(Number)
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lng) > 180 || Math.abs(lat) > 90) return null
  const region = [poi.pname, poi.cityname, poi.adname].map(text).filter(Boolean)
  const unique = region.filter((part, index) => region.indexOf(part) === index)
  return {
    id: text(poi.id),
    name: text(poi.name).slice(0, 200),
    address: [...unique, text(poi.address)].join(' ').trim().slice(0, 255),
    lng,
    lat,
  }
}

/**
 * AMap's place search by keyword (web service v3 `place/text`), optionally within a city. Answers at
 * most PLACES_PER_SEARCH places; a failure or a refusal (`status` other than "1") throws AmapError.
 */
export async function searchAmap(
  settings: { serverKey: string; apiUrl: string },
  keywords: string,
  city = '',
): Promise<TMapPlace[]> {
  const url = new URL(`${settings.apiUrl}/v3/place/text`)
  url.search = new URLSearchParams({
    key: settings.serverKey,
    keywords,
    city,
    citylimit: city ? 'true' : 'false',
    offset: String(PLACES_PER_SEARCH),
    page: '1',
    extensions: 'base',
    output: 'JSON',
  }).toString()
  let answer: { status?: unknown; info?: unknown; infocode?: unknown; pois?: unknown }
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    answer = (await response.json()) as typeof answer
  } catch (error) {
    throw new AmapError(`place/text: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (answer.status !== '1' || !Array.isArray(answer.pois)) {
    throw new AmapError(`place/text: ${text(answer.infocode)} ${text(answer.info)}`.trim())
  }
  return (answer.pois as AmapPoi[])
    .map(placeOf)
    .filter((place): place is TMapPlace => place !== null)
    .slice(0, PLACES_PER_SEARCH)
}
