import { useSyncExternalStore } from 'react'

/** Below antd's `sm` breakpoint: a phone held upright. */
const NARROW = '(max-width: 575.98px)'

const query = () => (typeof window === 'undefined' ? undefined : window.matchMedia?.(NARROW))

function subscribe(onChange: () => void): () => void {
  const list = query()
  list?.addEventListener('change', onChange)
  return () => list?.removeEventListener('change', onChange)
}

/**
 * Whether the screen is phone-narrow (< 576 px), known at the first render (antd's useBreakpoint
 * answers only after an effect, so a list would first draw its wide toolbar).
 */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  )
}
