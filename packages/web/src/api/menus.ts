import type { MenuItem } from '@brokerdesk/shared'
import { http } from './http'
import type { MenusAnswer } from './types'

/** GET /open/menu: the menu items the current user may see, cached per user. */
export const menusKey = (userId: number) => ['menus', userId] as const
export const MENUS_STALE_MS = 5 * 60_000

async function requestMenus(): Promise<MenuItem[]> {
  return (await http.get<MenusAnswer>('/open/menu'))?.menus ?? []
}

/**
 * The menu asked for at start, beside the session: before the user is known, so before its query's
 * key is. Whichever asks for the menu first then — the layout's query or the start's own — takes it,
 * and the other finds that query under way; otherwise the layout, once rendered first, asked again.
 */
let askedAtStart: Promise<MenuItem[]> | undefined

export function askMenusAtStart(): void {
  askedAtStart = requestMenus()
  askedAtStart.catch(() => undefined)
}

/** Forgets a start's menu nobody took (the session was not an administrator's, or did not load). */
export function forgetMenusAskedAtStart(): void {
  askedAtStart = undefined
}

/** The menu: the one asked at start if it has not been taken yet, else asked now. */
export function fetchMenus(): Promise<MenuItem[]> {
  const asked = askedAtStart
  askedAtStart = undefined
  return asked ?? requestMenus()
}

/** GET /open/menu-info: whether the menu has a page at a path the user may not open (not found otherwise). */
export async function isKnownPage(url: string): Promise<boolean> {
  return (await http.get<{ known?: boolean }>('/open/menu-info', { url }))?.known === true
}
