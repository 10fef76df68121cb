import { LanguageButton, type LanguageMenuProps } from './LanguageButton'
import { loadOnce, useLazyMenu } from './lazy-menu'

interface LanguageSwitchProps {
  /** Shows only the globe icon (narrow headers). */
  iconOnly?: boolean
}

/** The dropdown (antd Dropdown and Menu, kept out of the first page). */
const loadMenu = loadOnce(() => import('./LanguageMenu').then((module) => module.LanguageMenu))

/**
 * The language button of every header: the button alone until its dropdown of the offered languages
 * is needed (useLazyMenu).
 */
export function LanguageSwitch({ iconOnly = false }: LanguageSwitchProps) {
  const { menu, button } = useLazyMenu<LanguageMenuProps>(loadMenu)
  if (menu) return <menu.Menu iconOnly={iconOnly} defaultOpen={menu.open} focus={menu.focus} />
  return <LanguageButton {...button} iconOnly={iconOnly} />
}
