import {
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react'

/** `[x, y, ms since the start]`, in pixels of the background image. */
export type TrackPoint = [number, number, number]

export interface SliderAnswer {
  /** Left edge of the piece in pixels of the background image. */
  x: number
  durationMs: number
  /** The pointer's path, or one point per key press when the keyboard moved the handle. */
  track: TrackPoint[]
}

interface DragState {
  pointerId: number
  startX: number
  startY: number
  startedAt: number
  /** Image pixels per screen pixel. */
  scale: number
  track: TrackPoint[]
}

/** Arrow keys move the piece this many image pixels (with Shift, PageUp/PageDown: BIG_STEP). */
const STEP = 1
const BIG_STEP = 10
const MAX_TRACK_POINTS = 1500

const round1 = (value: number) => Math.round(value * 10) / 10

/** Adds a point to a pointer's track, or moves its last one when no time passed (or the track is full). */
function addPoint(track: TrackPoint[], point: TrackPoint): void {
  const last = track[track.length - 1]
  if (point[2] > last[2] && track.length < MAX_TRACK_POINTS) track.push(point)
  else track[track.length - 1] = [point[0], point[1], Math.max(point[2], last[2])]
}

/** Where a key moves the piece from `position`; undefined for a key that does not move it. */
function keyTarget(key: string, shift: boolean, position: number, max: number): number | undefined {
  const step = shift ? BIG_STEP : STEP
  const moves: Record<string, number> = {
    ArrowRight: position + step,
    ArrowUp: position + step,
    ArrowLeft: position - step,
    ArrowDown: position - step,
    PageUp: position + BIG_STEP,
    PageDown: position - BIG_STEP,
    Home: 0,
    End: max,
  }
  return key in moves ? moves[key] : undefined
}

/**
 * The slider's handle: dragged with a mouse, finger or pen (pointer events), or moved with the arrow
 * keys and dropped with Enter. Positions are in pixels of the background image (`imageWidth` wide,
 * shown at whatever width `trackRef` has), from 0 to `max`.
 */
export function useSliderDrag(options: {
  trackRef: RefObject<HTMLElement | null>
  imageWidth: number
  max: number
  enabled: boolean
  onRelease: (answer: SliderAnswer) => void
}) {
  const { trackRef, imageWidth, max, enabled, onRelease } = options
  const [x, setX] = useState(0)
  const [dragging, setDragging] = useState(false)
  const position = useRef(0)
  const drag = useRef<DragState | null>(null)
  const keyboard = useRef<{ startedAt: number; track: TrackPoint[] } | null>(null)

  const moveTo = useCallback(
    (value: number) => {
      position.current = Math.min(max, Math.max(0, value))
      setX(position.current)
    },
    [max],
  )

  const reset = useCallback(() => {
    drag.current = null
    keyboard.current = null
    setDragging(false)
    moveTo(0)
  }, [moveTo])

  useEffect(() => {
    if (!enabled) {
      drag.current = null
      setDragging(false)
    }
  }, [enabled])

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (!enabled || (event.pointerType === 'mouse' && event.button !== 0)) return
    event.preventDefault()
    const width = trackRef.current?.getBoundingClientRect().width || imageWidth
    event.currentTarget.setPointerCapture?.(event.pointerId)
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX - position.current * (width / imageWidth),
      startY: event.clientY,
      startedAt: performance.now(),
      scale: imageWidth / width,
      track: [[round1(position.current), 0, 0]],
    }
    setDragging(true)
  }

  const follow = (event: PointerEvent<HTMLElement>): DragState | null => {
    const state = drag.current
    if (!state || event.pointerId !== state.pointerId) return null
    moveTo((event.clientX - state.startX) * state.scale)
    addPoint(state.track, [
      round1(position.current),
      round1((event.clientY - state.startY) * state.scale),
      Math.round(performance.now() - state.startedAt),
    ])
    return state
  }

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    follow(event)
  }

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const state = follow(event)
    if (!state) return
    drag.current = null
    setDragging(false)
    if (position.current < 1) {
      moveTo(0)
      return
    }
    onRelease({
      x: round1(position.current),
      durationMs: Math.round(performance.now() - state.startedAt),
      track: state.track,
    })
  }

  const onPointerCancel = () => {
    if (drag.current) reset()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!enabled) return
    const target = keyTarget(event.key, event.shiftKey, position.current, max)
    if (target !== undefined) {
      event.preventDefault()
      keyboard.current ??= { startedAt: performance.now(), track: [[round1(position.current), 0, 0]] }
      moveTo(target)
      const { startedAt, track } = keyboard.current
      const at = Math.round(performance.now() - startedAt)
      if (track.length < MAX_TRACK_POINTS) track.push([round1(position.current), 0, at])
      return
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      const state = keyboard.current
      if (state === null || position.current < 1) return
      const durationMs = Math.round(performance.now() - state.startedAt)
      keyboard.current = null
      // The drop is the track's last point, so the track spans the whole answer.
      const track: TrackPoint[] = [...state.track, [round1(position.current), 0, durationMs]]
      onRelease({ x: round1(position.current), durationMs, track })
    }
  }

  return {
    x,
    dragging,
    reset,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onKeyDown },
  }
}
