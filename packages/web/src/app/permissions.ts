import { type MenuItem, methodBitOf } from '@brokerdesk/shared'
import { useCallback } from 'react'
import { useMenus } from '../api/queries'

/**
 * Whether a menu list (GET /open/menu, already limited by the server to the enabled items of this
 * environment the user's roles hold) holds the route: the same decision the server takes per request.
 */
export function holdsRoute(items: readonly MenuItem[], url: string, method: string): boolean {
  const bit = methodBitOf(method)
  return items.some((item) => item.url === url && item.method.includes(bit))
}

/** `can(url, method)` for the current user, e.g. `can('/admin/menus/update-position', 'POST')`. */
export function useHeldRoutes(): (url: string, method: string) => boolean {
  const items = useMenus().data
  return useCallback((url, method) => holdsRoute(items ?? [], url, method), [items])
}
