import type { MapProvider } from '@brokerdesk/shared/maps'
import { useEffect, useRef } from 'react'
import { DEFAULT_CENTER } from './coordinates'
import { drawMap, type MapHandle } from './providers'

export interface MapCanvasProps {
  provider: MapProvider
  apiKey: string
  securityCode: string
  zoom: number
  position: { lng: number; lat: number } | null
  onPick(lng: number, lat: number): void
  onFailed(): void
}

/** The provider's map with the chosen point's marker; clicking or dragging picks a point. */
export default function MapCanvas({
  provider,
  apiKey,
  securityCode,
  zoom,
  position,
  onPick,
  onFailed,
}: MapCanvasProps) {
  const element = useRef<HTMLDivElement>(null)
  const handle = useRef<MapHandle | null>(null)
  const latest = useRef({ onPick, onFailed, position })
  latest.current = { onPick, onFailed, position }

  useEffect(() => {
    let cancelled = false
    const start = latest.current.position
    if (!element.current) return
    drawMap[provider](element.current, {
      key: apiKey,
      securityCode,
      zoom,
      center: start ?? DEFAULT_CENTER,
      marker: start !== null,
      onPick: (lng, lat) => latest.current.onPick(lng, lat),
    })
      .then((drawn) => {
        if (cancelled) drawn.destroy()
        else handle.current = drawn
      })
      .catch(() => {
        if (!cancelled) latest.current.onFailed()
      })
    return () => {
      cancelled = true
      handle.current?.destroy()
      handle.current = null
    }
  }, [provider, apiKey, securityCode, zoom])

  const lng = position?.lng
  const lat = position?.lat
  useEffect(() => {
    if (lng !== undefined && lat !== undefined) handle.current?.setMarker(lng, lat, true)
  }, [lng, lat])

  return <div ref={element} className="bd-map__canvas" data-testid="map-canvas" />
}
