import { type ComponentType, useLayoutEffect, useRef, useState } from 'react'

/** A loader run once, on first need (a failed load is tried again at the next need), and what it gave. */
export interface LoadOnce<T> {
  (): Promise<T>
  /** What the load gave, once it has. */
  loaded: () => T | undefined
}

/** `load`, run at most once while it succeeds: a chunk asked for by several events loads one time. */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let loaded: T | undefined
  let loading: Promise<T> | undefined
  const get = () => {
    loading ??= load().then((value) => {
      loaded = value
      return value
    })
    loading.catch(() => {
      loading = undefined
    })
    return loading
  }
  return Object.assign(get, { loaded: () => loaded })
}

/** A header's dropdown once loaded, and how it first shows: open, with the focus the button had. */
export interface LoadedMenu<P> {
  Menu: ComponentType<P>
  open: boolean
  focus: boolean
}

/**
 * A header button whose dropdown (antd's Dropdown and Menu, kept out of every page's first load) is
 * its own chunk: the chunk loads as the pointer comes to the button or it gets the focus, and the
 * dropdown replaces the button only on a click, open, taking the focus if the button had it.
 * Replacing it as the pointer came lost clicks: a press on one button and a release on another is no
 * click at all (a flow's click was lost so, on CI). Answers the dropdown once it replaced the button,
 * and the handlers and ref for the button until then.
 */
export function useLazyMenu<P>(load: LoadOnce<ComponentType<P>>) {
  const [menu, setMenu] = useState<LoadedMenu<P> | null>(() => {
    const Menu = load.loaded()
    return Menu ? { Menu, open: false, focus: false } : null
  })
  const ref = useRef<HTMLButtonElement>(null)
  const preload = () => void load().catch(() => undefined)
  const onClick = () => {
    load()
      .then((Menu) =>
        setMenu({ Menu, open: true, focus: ref.current !== null && document.activeElement === ref.current }),
      )
      .catch(() => undefined)
  }
  return { menu, button: { ref, onPointerEnter: preload, onFocus: preload, onClick } }
}

/**
 * The dropdown's side of `useLazyMenu`: open at first when the button it replaced was clicked, and
 * taking the focus the button had. Answers its open state and the ref for its own button.
 */
export function useMenuInPlace({ defaultOpen, focus }: { defaultOpen: boolean; focus: boolean }) {
  const [open, setOpen] = useState(defaultOpen)
  const ref = useRef<HTMLButtonElement>(null)
  useLayoutEffect(() => {
    if (focus) ref.current?.focus()
  }, [focus])
  return { open, setOpen, ref }
}
