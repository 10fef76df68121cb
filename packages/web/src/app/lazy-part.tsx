import { type ComponentProps, type ComponentType, type ReactNode, useEffect, useReducer } from 'react'
import { ChunkLoadError, chunkNameOf, loadChunk } from './lazy-page'

// biome-ignore lint/suspicious/noExplicitAny: any component, as React.lazy takes (its props are read off it)
type AnyComponent = ComponentType<any>

export type LazyPart<T extends AnyComponent> = ComponentType<ComponentProps<T>> & {
  /** Starts loading it ahead of its first drawing; settles once it loaded or failed. */
  preload: () => Promise<void>
}

/**
 * A component loaded the first time it is drawn — the app's one way for a part of a page (the
 * header's bell and account menu, a chart, an editor, a panel, a drawer, an alert, and antd's parts
 * that `antd-lazy-parts.ts` puts in place of Dropdown, Menu, Tabs and Tree where we pass no props that
 * draw them); a whole page is a `lazyPage`, whose layout places its loading spinner. While it loads,
 * `standIn` shows in its place (by default its children: a dropdown's trigger shows as it is).
 *
 * Not React.lazy under a Suspense boundary: showing a boundary's fallback and revealing it again each
 * start React's 300 ms throttle (FALLBACK_THROTTLE_MS), which holds the commit of every suspended
 * boundary's retry until 300 ms after that moment — the header's parts held back the page's own
 * reveal at start, and came up to 300 ms after they had loaded. Here the part arriving is a plain
 * state update, drawn at once. It loads as a page's chunk does (`loadChunk`): one that failed throws
 * its ChunkLoadError where it is drawn, and the error boundary's retry loads it again.
 */
export function lazyPart<T extends AnyComponent>(
  load: () => Promise<{ default: T }>,
  standIn: (props: ComponentProps<T>) => ReactNode = (props) => props.children ?? null,
  chunk: string = chunkNameOf(load),
): LazyPart<T> {
  type P = ComponentProps<T>
  let loading: Promise<void> | undefined
  let Part: ComponentType<P> | undefined
  let failed: { error: unknown } | undefined
  const start = () => {
    loading ??= loadChunk(chunk, load).then(
      (module) => {
        Part = module.default as ComponentType<P>
      },
      (error: unknown) => {
        failed = { error }
        if (error instanceof ChunkLoadError)
          error.reset = () => {
            loading = undefined
            failed = undefined
          }
      },
    )
    return loading
  }
  function LazyPart(props: P) {
    const [, arrived] = useReducer((count: number) => count + 1, 0)
    const ready = Part !== undefined || failed !== undefined
    useEffect(() => {
      if (ready) return
      let drawn = true
      void start().then(() => drawn && arrived())
      return () => {
        drawn = false
      }
    }, [ready])
    if (failed) throw failed.error
    if (Part) return <Part {...props} />
    // Started while drawing, as React.lazy does: the effect above only waits for it.
    void start()
    return standIn(props)
  }
  return Object.assign(LazyPart, { preload: start })
}
