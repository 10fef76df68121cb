import { type ComponentType, useRef, useState } from 'react'
import { LanguageButton, type LanguageMenuProps } from './LanguageButton'

interface LanguageSwitchProps {
  /** Shows only the globe icon (narrow headers). */
  iconOnly?: boolean
}

type Menu = ComponentType<LanguageMenuProps>

/** The dropdown (antd Dropdown and Menu, kept out of the first page): loaded once, on first need. */
let loaded: Menu | undefined
let loading: Promise<Menu> | undefined
function loadMenu(): Promise<Menu> {
  loading ??= import('./LanguageMenu').then((module) => {
    loaded = module.LanguageMenu
    return loaded
  })
  loading.catch(() => {
    loading = undefined
  })
  return loading
}

/**
 * The language button of every header. Its dropdown of the offered languages loads as the pointer
 * comes to the button or it gets the focus; the dropdown's button replaces this one only on a click,
 * open, taking the focus if this one had it. Replacing it as the pointer came lost clicks: a press on
 * this button and a release on the new one is no click at all (a flow's click was lost so, on CI).
 */
export function LanguageSwitch({ iconOnly = false }: LanguageSwitchProps) {
  const [menu, setMenu] = useState<{ Menu: Menu; open: boolean; focus: boolean } | null>(
    loaded ? { Menu: loaded, open: false, focus: false } : null,
  )
  const button = useRef<HTMLButtonElement>(null)

  if (menu) return <menu.Menu iconOnly={iconOnly} defaultOpen={menu.open} focus={menu.focus} />

  const preload = () => void loadMenu().catch(() => undefined)
  const open = () => {
    loadMenu()
      .then((Menu) =>
        setMenu({
          Menu,
          open: true,
          focus: button.current !== null && document.activeElement === button.current,
        }),
      )
      .catch(() => undefined)
  }
  return (
    <LanguageButton
      ref={button}
      iconOnly={iconOnly}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={open}
    />
  )
}
