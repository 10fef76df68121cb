import type { MenuNode } from '@brokerdesk/shared'
import type { ReactNode } from 'react'
import { menuItemLabel } from '../../i18n/menu-label'

/** A node of antd's Tree built from a menu item. */
export interface MenuTreeNode {
  key: number
  title: ReactNode
  item: MenuNode
  children?: MenuTreeNode[]
}

/**
 * The menu tree (`childrens`) as antd Tree data; `search` keeps the items whose label or url
 * contains it, with their ancestors, and all of a matching item's descendants.
 */
export function menuTreeData(
  nodes: readonly MenuNode[],
  title: (item: MenuNode) => ReactNode,
  search = '',
): MenuTreeNode[] {
  const needle = search.trim().toLowerCase()
  const matches = (item: MenuNode) =>
    menuItemLabel(item).toLowerCase().includes(needle) || item.url.toLowerCase().includes(needle)
  const build = (list: readonly MenuNode[], keepAll: boolean): MenuTreeNode[] =>
    list.flatMap((item) => {
      const hit = keepAll || needle === '' || matches(item)
      const children = build(item.childrens ?? [], hit)
      if (!hit && children.length === 0) return []
      return [{ key: item.id, title: title(item), item, ...(children.length > 0 ? { children } : {}) }]
    })
  return build(nodes, false)
}

/** The keys of every node that has children (to open the whole tree). */
export function parentKeys(nodes: readonly MenuTreeNode[]): number[] {
  return nodes.flatMap((node) => (node.children ? [node.key, ...parentKeys(node.children)] : []))
}

/** The keys of the nodes down to `depth` levels that have children (the tree's first view). */
export function keysToDepth(nodes: readonly MenuTreeNode[], depth: number): number[] {
  if (depth <= 0) return []
  return nodes.flatMap((node) => (node.children ? [node.key, ...keysToDepth(node.children, depth - 1)] : []))
}
