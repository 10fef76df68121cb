import { type ComponentType, useRef, useState } from 'react'
import { AccountButton, type AccountDropdownProps, type AccountMenuProps } from './AccountButton'

type Dropdown = ComponentType<AccountDropdownProps>

/** The dropdown (antd Dropdown and Menu, kept out of every page's first load): loaded once, on first need. */
let loaded: Dropdown | undefined
let loading: Promise<Dropdown> | undefined
function loadDropdown(): Promise<Dropdown> {
  loading ??= import('./AccountDropdown').then((module) => {
    loaded = module.default
    return loaded
  })
  loading.catch(() => {
    loading = undefined
  })
  return loading
}

/**
 * The account menu of a logged-in user's header (its own chunk). As the language button does, it
 * draws the button alone; the dropdown loads as the pointer comes to it or it gets the focus, and
 * replaces it only on a click, open, taking the focus if the button had it (a press on one button
 * and a release on another is no click).
 */
export default function AccountMenu({ area, user }: AccountMenuProps) {
  const [menu, setMenu] = useState<{ Dropdown: Dropdown; open: boolean; focus: boolean } | null>(
    loaded ? { Dropdown: loaded, open: false, focus: false } : null,
  )
  const button = useRef<HTMLButtonElement>(null)

  if (menu) return <menu.Dropdown area={area} user={user} defaultOpen={menu.open} focus={menu.focus} />

  const preload = () => void loadDropdown().catch(() => undefined)
  const open = () => {
    loadDropdown()
      .then((Dropdown) =>
        setMenu({
          Dropdown,
          open: true,
          focus: button.current !== null && document.activeElement === button.current,
        }),
      )
      .catch(() => undefined)
  }
  return <AccountButton ref={button} user={user} onPointerEnter={preload} onFocus={preload} onClick={open} />
}
