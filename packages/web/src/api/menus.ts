import type { MenuItem } from '@brokerdesk/shared'
import { http } from './http'
import type { MenusAnswer } from './types'

/** GET /open/menu: the menu items the current user may see, cached per user. */
export const menusKey = (userId: number) => ['menus', userId] as const
export const MENUS_STALE_MS = 5 * 60_000

export async function fetchMenus(): Promise<MenuItem[]> {
  return (await http.get<MenusAnswer>('/open/menu'))?.menus ?? []
}

/** GET /open/menu-info: whether the menu has a page at a path the user may not open (not found otherwise). */
export async function isKnownPage(url: string): Promise<boolean> {
  return (await http.get<{ known?: boolean }>('/open/menu-info', { url }))?.known === true
}
