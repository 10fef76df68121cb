import { type MenuItem, RESOURCE_ACTIONS, type ResourceAction } from '@brokerdesk/shared'
import { useMenus } from '../api/queries'
import { i18n } from './i18n'

/**
 * A menu item's name as shown. The server answers seeded names in the user's language already; a
 * plug-in's items are named by its own texts (`menu.<name>`, added by `usePluginTexts`).
 */
export function menuLabel(name: string): string {
  if (!name || /[.:]/.test(name)) return name
  return i18n.t(`menu.${name}`, { defaultValue: name })
}

const isResourceAction = (name: string): name is ResourceAction =>
  (RESOURCE_ACTIONS as readonly string[]).includes(name)

/** The name of the menu item of a page (by its url), as the menu answers it; empty until loaded. */
export function useMenuName(url: string): string {
  const item = useMenus().data?.find((menu) => menu.url === url && menu.method.includes(1))
  return item ? menuLabel(item.name) : ''
}

/**
 * The label of an item in a menu tree: a resource's action item (resource_id > 0, item_name the
 * action) reads as its action ("List", "Export"…) under the resource; any other item by its name.
 */
export function menuItemLabel(item: Pick<MenuItem, 'name' | 'resource_id' | 'item_name'>): string {
  if (item.resource_id > 0 && isResourceAction(item.item_name)) {
    return i18n.t(`options.menus.only.${item.item_name}`)
  }
  return menuLabel(item.name)
}
