import { GlobalOutlined } from '@ant-design/icons'
import { Button, type ButtonProps } from 'antd'
import { type ComponentType, type Ref, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocaleState } from '../i18n/language'
import { LANGUAGE_NAMES } from '../i18n/languages'
import type { LanguageMenuProps } from './LanguageMenu'

interface LanguageSwitchProps {
  /** Shows only the globe icon (narrow headers). */
  iconOnly?: boolean
}

type Menu = ComponentType<LanguageMenuProps>

/** The header's language button (the dropdown's trigger once that is loaded). */
export function LanguageButton({
  iconOnly,
  ref,
  className,
  ...props
}: ButtonProps & { iconOnly: boolean; ref?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation()
  const { language } = useLocaleState()
  // The dropdown adds its own class names (trigger, open) to the ones of the header's buttons.
  return (
    <Button
      ref={ref}
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('language.label')}
      className={className ? `bd-header-button ${className}` : 'bd-header-button'}
      {...props}
    >
      {!iconOnly && <span className="bd-hide-xs">{LANGUAGE_NAMES[language]}</span>}
    </Button>
  )
}

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
 * comes to the button or it gets the focus; a click before then opens it once loaded, and the focus
 * stays on the button.
 */
export function LanguageSwitch({ iconOnly = false }: LanguageSwitchProps) {
  const [menu, setMenu] = useState<{ Menu: Menu; open: boolean; focus: boolean } | null>(
    loaded ? { Menu: loaded, open: false, focus: false } : null,
  )
  const button = useRef<HTMLButtonElement>(null)
  const openWhenLoaded = useRef(false)

  if (menu) return <menu.Menu iconOnly={iconOnly} defaultOpen={menu.open} focus={menu.focus} />

  const load = (open: boolean) => {
    if (open) openWhenLoaded.current = true
    loadMenu()
      .then((Menu) =>
        setMenu({
          Menu,
          open: openWhenLoaded.current,
          focus: button.current !== null && document.activeElement === button.current,
        }),
      )
      .catch(() => undefined)
  }
  return (
    <LanguageButton
      ref={button}
      iconOnly={iconOnly}
      onPointerEnter={() => load(false)}
      onFocus={() => load(false)}
      onClick={() => load(true)}
    />
  )
}
