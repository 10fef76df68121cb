import type { MenuItem } from '@brokerdesk/shared'
import { http } from './http'
import type { MenusAnswer } from './types'

/** GET /open/menu: the menu items the current user may see, cached per user. */
export const menusKey = (userId: number) => ['menus', userId] as const
export const MENUS_STALE_MS = 5 * 60_000

export async function fetchMenus(): Promise<MenuItem[]> {
  return (await http.get<MenusAnswer>('/open/menu'))?.menus ?? []
}
