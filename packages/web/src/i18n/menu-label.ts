import { i18n } from './i18n'

/** Translates a menu item's (English) name through the `menu` keys; unknown names are shown as they are. */
export function menuLabel(name: string): string {
  if (!name || /[.:]/.test(name)) return name
  return i18n.t(`menu.${name}`, { defaultValue: name })
}
