import { buildMenuTree, MENU_STATUS, type MenuItem, type MenuNode } from '@brokerdesk/shared'

export function isVisibleMenu(item: MenuItem): boolean {
  return item.status === MENU_STATUS.display && item.disabled !== 1
}

/** An item the SPA can open as a page: viewable (method 1), a page or resource, with a plain URL. */
export function isMenuPage(item: MenuItem): boolean {
  return (
    Boolean(item.url) &&
    item.method.includes(1) &&
    (item.is_page === 1 || item.resource_id === -1 || item.is_out_link === 1) &&
    !item.url.includes('{')
  )
}

/** The trees of a menu list, whatever its roots: the server may leave out ancestors a user lacks. */
export function menuForest(items: readonly MenuItem[]): MenuNode[] {
  const ids = new Set(items.map((item) => item.id))
  const rootParents = [...new Set(items.filter((item) => !ids.has(item.parent_id)).map((i) => i.parent_id))]
  return rootParents
    .flatMap((parentId) => buildMenuTree(items, parentId))
    .sort((a, b) => a.left_margin - b.left_margin)
}

/**
 * Keeps the visible groups and pages (actions and hidden items go); pages become leaves, and the
 * visible pages below a page (log statistics below the home page) follow it as its siblings: a menu
 * entry is a link or a group, not both. The root of the menu table ("Menu list", parent 0) is a
 * container whatever its status.
 */
export function pruneMenu(nodes: readonly MenuNode[], accept: (item: MenuItem) => boolean): MenuNode[] {
  const kept: MenuNode[] = []
  for (const node of nodes) {
    if (node.parent_id !== 0 && !isVisibleMenu(node)) continue
    if (isMenuPage(node)) {
      if (accept(node)) kept.push({ ...node, childrens: undefined })
      kept.push(...pruneMenu(node.childrens ?? [], accept))
      continue
    }
    const childrens = pruneMenu(node.childrens ?? [], accept)
    if (childrens.length > 0) kept.push({ ...node, childrens })
  }
  return kept
}

/** Drops wrappers that hold a single group (the "Menu list" root, a lone module). */
export function unwrapMenu(nodes: MenuNode[]): MenuNode[] {
  let current = nodes
  while (current.length === 1 && !isMenuPage(current[0]) && current[0].childrens?.length) {
    current = current[0].childrens
  }
  return current
}

/** The menu of one route group (e.g. 'admin'): its visible groups and pages as a tree. */
export function groupMenu(items: readonly MenuItem[], group: string): MenuNode[] {
  const prefix = `/${group}/`
  return unwrapMenu(
    pruneMenu(menuForest(items), (item) => item.is_out_link === 1 || item.url.startsWith(prefix)),
  )
}

export function countPages(nodes: readonly MenuNode[]): number {
  return nodes.reduce((sum, node) => sum + (isMenuPage(node) ? 1 : countPages(node.childrens ?? [])), 0)
}

/** Every page of a menu list, for search. */
export function menuPages(items: readonly MenuItem[]): MenuItem[] {
  return items.filter((item) => isVisibleMenu(item) && isMenuPage(item) && item.is_out_link !== 1)
}
