import type { AppEnv, MenuItem } from './menu'

/** What a derived route shows: a menu page, a resource's list, or an edit page (`:id`). */
export type MenuRouteKind = 'page' | 'list' | 'edit'

export interface MenuRoute {
  /** Relative to the group, e.g. `firms`, `firms/:id`, `index`; `''` is the group's root. */
  path: string
  kind: MenuRouteKind
  /** The first segment of the path: the resource (or page folder) the route belongs to. */
  resource: string
  /** The menu item the route comes from. */
  menuId: number
}

/** Items a group's routes come from: enabled, pages, of the group, with a URL, in the environment. */
export function isRoutableMenu(item: MenuItem, group: string, env: AppEnv): boolean {
  return (
    item.disabled !== 1 &&
    item.is_page === 1 &&
    item.group === group &&
    item.url !== '' &&
    (item.env.length === 0 || item.env.includes(env))
  )
}

/** `/admin/firms/{id}` → `firms/:id`: the first two segments go ('' and the group), `{x}` becomes `:x`. */
export function menuUrlToPath(url: string): string {
  return url
    .split('?')[0]
    .split('/')
    .slice(2)
    .filter((segment) => segment !== '')
    .map((segment) => segment.replace(/^\{(\w+)\}$/, ':$1'))
    .join('/')
}

/**
 * The routes of one group derived from the menu list (SPEC §2 "How routes are derived"): a page
 * item gives its path (an edit page when it holds `:id`); a resource item (resource_id -1) gives a
 * list at its path and an edit page at its path + `/:id`; a resource's `index` is also the group's root.
 */
export function deriveMenuRoutes(items: readonly MenuItem[], group: string, env: AppEnv): MenuRoute[] {
  const routes = new Map<string, MenuRoute>()
  const add = (path: string, kind: MenuRouteKind, menuId: number) => {
    if (!routes.has(path)) routes.set(path, { path, kind, resource: path.split('/')[0] ?? '', menuId })
  }
  for (const item of items) {
    if (!isRoutableMenu(item, group, env)) continue
    const path = menuUrlToPath(item.url)
    if (item.resource_id === -1) {
      add(path, 'list', item.id)
      if (path === 'index') add('', 'list', item.id)
      else add(`${path}/:id`, 'edit', item.id)
    } else {
      add(path, /(^|\/):id$/.test(path) ? 'edit' : 'page', item.id)
    }
  }
  return [...routes.values()]
}
