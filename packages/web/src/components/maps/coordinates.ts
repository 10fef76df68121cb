/**
 * Coordinates are stored as GCJ-02 (the system of AMap, Tencent and AMap's search answers); Baidu's
 * maps draw BD-09, so its picker converts both ways.
 */
const X_PI = (Math.PI * 3000) / 180

const round = (value: number) => Math.round(value * 1e6) / 1e6

/** BD-09 (Baidu) to GCJ-02. */
export function bd09ToGcj02(lng: number, lat: number): { lng: number; lat: number } {
  const x = lng - 0.0065
  const y = lat - 0.006
  const z = Math.sqrt(x * x + y * y) - 0.00002 * Math.sin(y * X_PI)
  const theta = Math.atan2(y, x) - 0.000003 * Math.cos(x * X_PI)
  return { lng: round(z * Math.cos(theta)), lat: round(z * Math.sin(theta)) }
}

/** GCJ-02 to BD-09 (Baidu). */
export function gcj02ToBd09(lng: number, lat: number): { lng: number; lat: number } {
  const z = Math.sqrt(lng * lng + lat * lat) + 0.00002 * Math.sin(lat * X_PI)
  const theta = Math.atan2(lat, lng) + 0.000003 * Math.cos(lng * X_PI)
  return { lng: round(z * Math.cos(theta) + 0.0065), lat: round(z * Math.sin(theta) + 0.006) }
}

/** A usable coordinate pair, or null (one of them missing or out of range). */
export function pairOf(lng: unknown, lat: unknown): { lng: number; lat: number } | null {
  const x = typeof lng === 'number' ? lng : lng === '' || lng == null ? Number.NaN : Number(lng)
  const y = typeof lat === 'number' ? lat : lat === '' || lat == null ? Number.NaN : Number(lat)
  if (!Number.isFinite(x) || !Number.isFinite(y) || Math.abs(x) > 180 || Math.abs(y) > 90) return null
  return { lng: x, lat: y }
}

/** Where a picker starts without coordinates: the centre of Beijing. */
export const DEFAULT_CENTER = { lng: 116.397428, lat: 39.90923 }
