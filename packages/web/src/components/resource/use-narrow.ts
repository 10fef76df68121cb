import { useCallback, useSyncExternalStore } from 'react'

/** Below antd's `sm` breakpoint: a phone held upright. */
const NARROW = '(max-width: 575.98px)'
/** antd's `md` breakpoint and wider: a tablet across or a desktop. */
const MEDIUM_UP = '(min-width: 768px)'

const listOf = (media: string) => (typeof window === 'undefined' ? undefined : window.matchMedia?.(media))

/**
 * Whether a media query matches, known at the first render. antd's `Grid.useBreakpoint` answers only
 * after an effect: a list would first draw its wide toolbar, and its table would draw every row once
 * more when the breakpoint arrived (other columns, another fixed one).
 */
function useMedia(media: string): boolean {
  // One subscription per query: a new function each render would make React subscribe again each time.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listOf(media)
      list?.addEventListener('change', onChange)
      return () => list?.removeEventListener('change', onChange)
    },
    [media],
  )
  return useSyncExternalStore(
    subscribe,
    () => listOf(media)?.matches ?? false,
    () => false,
  )
}

/** Whether the screen is phone-narrow (< 576 px). */
export function useNarrow(): boolean {
  return useMedia(NARROW)
}

/** Whether the screen is at least antd's `md` (≥ 768 px): where a list shows its lesser columns. */
export function useMediumUp(): boolean {
  return useMedia(MEDIUM_UP)
}
