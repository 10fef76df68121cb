import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'

/**
 * A component loaded the first time it is drawn (vite.config.ts's `antdLazyParts` puts it in place of
 * antd's Dropdown and Tree inside components that draw them only for props we do not use). While it
 * loads, its children stand in: a dropdown's trigger shows as it is.
 */
export function lazyPart<P extends { children?: ReactNode }>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Part = lazy(load)
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={props.children ?? null}>
        <Part {...props} />
      </Suspense>
    )
  }
}
