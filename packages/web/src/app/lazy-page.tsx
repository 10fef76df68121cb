import { CHUNK_LOAD_TIMEOUT_MS } from '@brokerdesk/shared'
import { type ComponentType, use } from 'react'
import { languagePartsReady } from '../i18n/language'

export type ChunkErrorType = 'timeout' | 'missing' | 'error'

/** A page chunk that did not load: 'Loading chunk N failed' (SPEC §8). */
export class ChunkLoadError extends Error {
  readonly chunk: string
  readonly type: ChunkErrorType
  /** Set by `lazyPage`: forgets the failed load so the next render loads the chunk again. */
  reset?: () => void

  constructor(chunk: string, type: ChunkErrorType, cause?: unknown) {
    super(`Loading chunk ${chunk} failed`, { cause })
    this.name = 'ChunkLoadError'
    this.chunk = chunk
    this.type = type
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError
}

/** What browsers and Vite say when the chunk file itself could not be fetched. */
const MISSING_CHUNK =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i

/** Runs a chunk loader, failing it after `timeoutMs` (120 s by default). */
export function loadChunk<T>(
  chunk: string,
  loader: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout')), timeoutMs)
    loader().then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        const text = error instanceof Error ? error.message : String(error)
        reject(new ChunkLoadError(chunk, MISSING_CHUNK.test(text) ? 'missing' : 'error', error))
      },
    )
  })
}

/** The file a loader imports, e.g. `OpenIndexPage` (or `OpenIndexPage-Bx1c2` in a build). */
export function chunkNameOf(loader: () => unknown): string {
  const match = /["'`]((?:\.{1,2}\/|\/)[^"'`]+)["'`]/.exec(String(loader))
  if (!match) return 'page'
  const file = match[1].split('?')[0].split('/').pop() ?? match[1]
  return file.replace(/\.[cm]?[jt]sx?$/, '')
}

export type LazyPage<P extends object> = ComponentType<P> & {
  preload: () => Promise<ComponentType<P>>
  chunk: string
}

/**
 * A page loaded on demand. Unlike React.lazy a failed load can be retried: the ChunkLoadError's
 * `reset()` (called by the error boundary's retry button) makes the next render load it again.
 */
export function lazyPage<P extends object>(
  loader: () => Promise<{ default: ComponentType<P> }>,
  chunk: string = chunkNameOf(loader),
): LazyPage<P> {
  // Kept after success: React remembers a settled promise, so later renders do not suspend.
  let pending: Promise<ComponentType<P>> | undefined

  const preload = (): Promise<ComponentType<P>> => {
    if (pending) return pending
    // A page that brought a part of the language (dayjs's locale) renders once it is in.
    const loadPage = async () => {
      const module = await loader()
      await languagePartsReady()
      return module
    }
    const loading = loadChunk(chunk, loadPage).then(
      (module) => module.default,
      (error: unknown) => {
        if (error instanceof ChunkLoadError) {
          error.reset = () => {
            pending = undefined
          }
        }
        throw error
      },
    )
    // Marked as React marks a settled promise: a page loaded before its first render (a list
    // clicked in the menu, its chunk preloaded) renders at once instead of suspending first.
    loading.then(
      (component) => Object.assign(loading, { status: 'fulfilled', value: component }),
      () => undefined,
    )
    pending = loading
    return loading
  }

  function LazyPageComponent(props: P) {
    const Component = use(preload())
    return <Component {...props} />
  }
  LazyPageComponent.displayName = `LazyPage(${chunk})`
  return Object.assign(LazyPageComponent, { preload, chunk })
}
