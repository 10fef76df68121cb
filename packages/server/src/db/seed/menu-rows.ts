import { MENU_STATUS, METHOD_BITS, USE_BITS } from '@brokerdesk/shared'
import { computeNestedSet } from '../nested-set'
import type { menus } from '../schema/index'
import { ACTION_ROUTES, type MenuSeed, RESOURCE_ACTIONS, type ResourceSeed } from './menu-seed'

export type MenuInsert = typeof menus.$inferInsert & { id: number; parent_id: number }

/** Every item of the tree as a menus row, in tree order, with its nested-set position. */
export function buildMenuRows(tree: MenuSeed): MenuInsert[] {
  return computeNestedSet(flattenMenuSeed(tree, 0))
}

/** An item, its resource's action items and its children as rows under `parentId`, in tree order (no positions). */
export function flattenMenuSeed(node: MenuSeed, parentId: number): MenuInsert[] {
  const actions = node.resource ? buildActionRows(node, node.resource) : []
  const children = (node.children ?? []).flatMap((child) => flattenMenuSeed(child, node.id))
  return [toMenuRow(node, parentId), ...actions, ...children]
}

function toMenuRow(node: MenuSeed, parentId: number): MenuInsert {
  const resource = node.resource
  return {
    id: node.id,
    parent_id: parentId,
    name: node.name,
    description: node.description ?? node.name,
    icons: node.icons ?? '',
    url: node.url ?? '',
    method: resource ? METHOD_BITS.get : foldBits(node.method ?? [], METHOD_BITS),
    is_page: node.page || resource ? 1 : 0,
    disabled: 0,
    status: node.display ? MENU_STATUS.display : MENU_STATUS.hidden,
    group: node.group ?? '',
    action: node.action ?? '',
    use: foldBits(node.use ?? [], USE_BITS),
    env: node.env ?? [],
    middleware: node.middleware ?? [],
    as: node.as ?? '',
    item_name: resource?.item ?? '',
    resource_id: resource ? -1 : 0,
    options: resource?.only ? { only: [...resource.only] } : null,
  }
}

/** The action items of a resource, numbered id + 1, id + 2, ... in the order of the seven actions. */
function buildActionRows(node: MenuSeed, resource: ResourceSeed): MenuInsert[] {
  const actions = RESOURCE_ACTIONS.filter((action) => !resource.only || resource.only.includes(action))
  return actions.map((action, index) => {
    const route = ACTION_ROUTES[action]
    const name = route.name(resource.item)
    return {
      id: node.id + index + 1,
      parent_id: node.id,
      name,
      description: name,
      icons: route.icons,
      url: `${node.url ?? ''}${route.path}`,
      method: METHOD_BITS[route.method],
      is_page: route.page ? 1 : 0,
      disabled: 0,
      status: MENU_STATUS.hidden,
      group: node.group ?? '',
      action: '',
      use: 0,
      env: resource.env?.[action] ?? [],
      middleware: [],
      as: '',
      item_name: action,
      resource_id: node.id,
      options: null,
    }
  })
}

function foldBits<K extends string>(names: readonly K[], bits: Record<K, number>): number {
  return names.reduce((mask, name) => mask | bits[name], 0)
}
