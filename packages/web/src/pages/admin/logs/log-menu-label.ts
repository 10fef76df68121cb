import { RESOURCE_ACTIONS, type ResourceAction } from '@brokerdesk/shared'
import { i18n } from '../../../i18n/i18n'
import { menuLabel } from '../../../i18n/menu-label'

const isAction = (name: string): name is ResourceAction =>
  (RESOURCE_ACTIONS as readonly string[]).includes(name)

/**
 * The menu item of a log entry (its menu_name, menu_resource and menu_action) in the user's
 * language: a resource's action as its resource and action ("Bank management · Create"), any other
 * item by its translated name.
 */
export function logMenuLabel(entry: Record<string, unknown>): string {
  const resource = String(entry.menu_resource ?? '')
  const action = String(entry.menu_action ?? '')
  if (resource && isAction(action)) {
    return `${menuLabel(resource)} · ${i18n.t(`options.menus.only.${action}`)}`
  }
  const name = String(entry.menu_name ?? '')
  return name ? menuLabel(name) : i18n.t('messages.missing_value')
}
