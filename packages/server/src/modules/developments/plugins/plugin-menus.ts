import { RESOURCE_ACTIONS } from '@brokerdesk/shared'
import { eq, inArray, max } from 'drizzle-orm'
import { SUPER_ADMIN_ROLE_ID } from '../../../access/held-menus'
import type { Tx } from '../../../db/client'
import { readMenuPositions, storeMenuPositions } from '../../../db/menu-positions'
import { computeNestedSet } from '../../../db/nested-set'
import { menuRole, menus } from '../../../db/schema/index'
import { flattenMenuSeed, type MenuInsert } from '../../../db/seed/menu-rows'
import type { MenuSeed } from '../../../db/seed/menu-seed'
import { bumpIdSequence } from '../../../db/seed/sequences'
import { lockTree } from '../../../resource/tree/nested-set'
import type { PluginMenu } from './plugin-manifest'

/**
 * Plug-in items take ids from 1000 up, so the items later versions of the application seed (the
 * catalogue's ids, and ours just above them) never meet an id a plug-in took.
 */
export const PLUGIN_MENU_FIRST_ID = 1000

type PluginMenuItem = Omit<PluginMenu, 'parent_id' | 'children'>

/** Numbers the items from `next` on; a resource's action items take the ids right after it. */
function toMenuSeeds(items: readonly PluginMenu[], first: number): { parentId: number; seed: MenuSeed }[] {
  let next = first
  const seedOf = (item: PluginMenuItem): MenuSeed => {
    const id = next
    next += 1 + (item.resource ? (item.resource.only ?? RESOURCE_ACTIONS).length : 0)
    return {
      id,
      name: item.name,
      description: item.description,
      icons: item.icons,
      url: item.url,
      method: item.method,
      page: item.page,
      display: item.display,
      group: 'admin',
      resource: item.resource,
    }
  }
  return items.map((item) => {
    const seed = seedOf(item)
    return { parentId: item.parent_id, seed: { ...seed, children: item.children.map(seedOf) } }
  })
}

/**
 * Adds a plug-in's menu items at the end of their parents' children, marked with its name
 * (`plug_in_key`), renumbers the tree, and gives them to the super administrator role as the seed
 * does. Returns the new ids. A parent that does not exist is refused by the caller beforehand.
 */
export async function addPluginMenus(
  tx: Tx,
  plugin: string,
  items: readonly PluginMenu[],
): Promise<number[]> {
  if (items.length === 0) return []
  await lockTree(tx, menus)
  const [{ highest }] = await tx.select({ highest: max(menus.id) }).from(menus)
  const first = Math.max(PLUGIN_MENU_FIRST_ID, (highest ?? 0) + 1)
  const rows: MenuInsert[] = toMenuSeeds(items, first).flatMap(({ parentId, seed }) =>
    flattenMenuSeed(seed, parentId).map((row) => ({ ...row, plug_in_key: plugin })),
  )
  const current = await readMenuPositions(tx, { live: false })
  const next = computeNestedSet([
    ...current,
    ...rows.map((row) => ({ id: row.id, parent_id: row.parent_id })),
  ])
  const positionOf = new Map(next.map((node) => [node.id, node]))
  await tx.insert(menus).values(rows.map((row) => ({ ...row, ...positionOf.get(row.id) })))
  await storeMenuPositions(tx, current, next.slice(0, current.length), { touch: false })
  await bumpIdSequence(tx, menus)
  const ids = rows.map((row) => row.id)
  await tx.insert(menuRole).values(ids.map((menu_id) => ({ role_id: SUPER_ADMIN_ROLE_ID, menu_id })))
  return ids
}

/** Deletes a plug-in's menu items and every role's hold on them, and renumbers the tree. */
export async function removePluginMenus(tx: Tx, plugin: string): Promise<number> {
  await lockTree(tx, menus)
  const owned = await tx.select({ id: menus.id }).from(menus).where(eq(menus.plug_in_key, plugin))
  if (owned.length === 0) return 0
  const ids = owned.map((row) => row.id)
  await tx.delete(menuRole).where(inArray(menuRole.menu_id, ids))
  await tx.delete(menus).where(inArray(menus.id, ids))
  const current = await readMenuPositions(tx, { live: false })
  await storeMenuPositions(tx, current, computeNestedSet(current), { touch: false })
  return ids.length
}
