import { type MenuItem, RESOURCE_ACTIONS, type ResourceAction } from '@brokerdesk/shared'
import { i18n } from './i18n'

/** Translates a menu item's (English) name through the `menu` keys; unknown names are shown as they are. */
export function menuLabel(name: string): string {
  if (!name || /[.:]/.test(name)) return name
  return i18n.t(`menu.${name}`, { defaultValue: name })
}

const isResourceAction = (name: string): name is ResourceAction =>
  (RESOURCE_ACTIONS as readonly string[]).includes(name)

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
