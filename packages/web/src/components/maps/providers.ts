import type { MapProvider } from '@brokerdesk/shared/maps'
import { bd09ToGcj02, gcj02ToBd09 } from './coordinates'

/** A drawn map with one marker; positions in and out are GCJ-02. */
export interface MapHandle {
  setMarker(lng: number, lat: number, center?: boolean): void
  destroy(): void
}

export interface MapOptions {
  key: string
  securityCode: string
  center: { lng: number; lat: number }
  zoom: number
  marker: boolean
  onPick(lng: number, lat: number): void
}

// The providers' JS APIs are untyped globals; only what is used here is touched.
// biome-ignore lint/suspicious/noExplicitAny: the providers ship no types.
type Api = any
type MapWindow = Window & Record<string, unknown>

const LOAD_TIMEOUT_MS = 15_000
const loads = new Map<string, Promise<Api>>()

/** Loads a provider's script once; it calls back `callback` when ready, then `global` is its API. */
function loadScript(src: (callback: string) => string, global: string, prepare?: () => void): Promise<Api> {
  const key = src('cb')
  const known = loads.get(key)
  if (known) return known
  const promise = new Promise<Api>((resolve, reject) => {
    const w = window as unknown as MapWindow
    if (w[global]) {
      resolve(w[global])
      return
    }
    prepare?.()
    const callback = `__bdMap${Math.random().toString(36).slice(2)}`
    const timer = window.setTimeout(() => fail(new Error(`${global} did not load`)), LOAD_TIMEOUT_MS)
    const script = document.createElement('script')
    const fail = (error: Error) => {
      window.clearTimeout(timer)
      delete w[callback]
      script.remove()
      loads.delete(key)
      reject(error)
    }
    w[callback] = () => {
      window.clearTimeout(timer)
      delete w[callback]
      if (w[global]) resolve(w[global])
      else fail(new Error(`${global} is missing`))
    }
    script.src = src(callback)
    script.async = true
    script.onerror = () => fail(new Error(`${global} could not be fetched`))
    document.head.appendChild(script)
  })
  loads.set(key, promise)
  return promise
}

const enc = encodeURIComponent

/** AMap (Gaode) JS API 2.0. */
async function amap(element: HTMLElement, options: MapOptions): Promise<MapHandle> {
  const AMap = await loadScript(
    (cb) => `https://webapi.amap.com/maps?v=2.0&key=${enc(options.key)}&callback=${cb}`,
    'AMap',
    () => {
      if (options.securityCode)
        (window as unknown as MapWindow)._AMapSecurityConfig = { securityJsCode: options.securityCode }
    },
  )
  const map = new AMap.Map(element, {
    zoom: options.zoom,
    center: [options.center.lng, options.center.lat],
  })
  let marker: Api = null
  const place = (lng: number, lat: number) => {
    if (!marker) {
      marker = new AMap.Marker({ position: [lng, lat], draggable: true, map })
      marker.on('dragend', (event: Api) => options.onPick(event.lnglat.getLng(), event.lnglat.getLat()))
    } else marker.setPosition([lng, lat])
  }
  if (options.marker) place(options.center.lng, options.center.lat)
  map.on('click', (event: Api) => options.onPick(event.lnglat.getLng(), event.lnglat.getLat()))
  return {
    setMarker(lng, lat, center) {
      place(lng, lat)
      if (center) map.setCenter([lng, lat])
    },
    destroy: () => map.destroy(),
  }
}

/** Baidu JS API 3.0 (BD-09 on the map, GCJ-02 in and out). */
async function baidu(element: HTMLElement, options: MapOptions): Promise<MapHandle> {
  const BMap = await loadScript(
    (cb) => `https://api.map.baidu.com/api?v=3.0&ak=${enc(options.key)}&callback=${cb}`,
    'BMap',
  )
  const point = (lng: number, lat: number) => {
    const bd = gcj02ToBd09(lng, lat)
    return new BMap.Point(bd.lng, bd.lat)
  }
  const pick = (p: Api) => {
    const gcj = bd09ToGcj02(p.lng, p.lat)
    options.onPick(gcj.lng, gcj.lat)
  }
  const map = new BMap.Map(element)
  map.centerAndZoom(point(options.center.lng, options.center.lat), options.zoom)
  map.enableScrollWheelZoom(true)
  let marker: Api = null
  const place = (lng: number, lat: number) => {
    if (!marker) {
      marker = new BMap.Marker(point(lng, lat), { enableDragging: true })
      marker.addEventListener('dragend', (event: Api) => pick(event.point))
      map.addOverlay(marker)
    } else marker.setPosition(point(lng, lat))
  }
  if (options.marker) place(options.center.lng, options.center.lat)
  map.addEventListener('click', (event: Api) => pick(event.point))
  return {
    setMarker(lng, lat, center) {
      place(lng, lat)
      if (center) map.panTo(point(lng, lat))
    },
    destroy: () => map.clearOverlays(),
  }
}

/** Tencent map JS API GL. */
async function tencent(element: HTMLElement, options: MapOptions): Promise<MapHandle> {
  const TMap = await loadScript(
    (cb) => `https://map.qq.com/api/gljs?v=1.exp&key=${enc(options.key)}&callback=${cb}`,
    'TMap',
  )
  const latLng = (lng: number, lat: number) => new TMap.LatLng(lat, lng)
  const map = new TMap.Map(element, {
    center: latLng(options.center.lng, options.center.lat),
    zoom: options.zoom,
  })
  const markers = new TMap.MultiMarker({ map, geometries: [] })
  const place = (lng: number, lat: number) =>
    markers.setGeometries([{ id: 'picked', position: latLng(lng, lat) }])
  if (options.marker) place(options.center.lng, options.center.lat)
  map.on('click', (event: Api) => options.onPick(event.latLng.getLng(), event.latLng.getLat()))
  return {
    setMarker(lng, lat, center) {
      place(lng, lat)
      if (center) map.setCenter(latLng(lng, lat))
    },
    destroy: () => map.destroy(),
  }
}

/** Draws the provider's map into the element. */
export const drawMap: Record<MapProvider, (element: HTMLElement, options: MapOptions) => Promise<MapHandle>> =
  {
    amap,
    baidu,
    tencent,
  }
