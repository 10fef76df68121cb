import { count } from 'drizzle-orm'
import type { Tx } from '../client'
import { readMenuPositions, storeMenuPositions } from '../menu-positions'
import { computeNestedSet } from '../nested-set'
import { menus } from '../schema/index'
import { buildMenuRows } from './menu-rows'
import { MENU_TREE } from './menu-tree'
import { bumpIdSequence } from './sequences'

/**
 * Inserts the menu items whose id is missing and returns their ids. Items already present are
 * left as they are; when items join an existing tree, the tree's margins are renumbered.
 */
export async function seedMenus(tx: Tx): Promise<number[]> {
  const [{ total }] = await tx.select({ total: count() }).from(menus)
  const inserted = await tx
    .insert(menus)
    .values(buildMenuRows(MENU_TREE))
    .onConflictDoNothing({ target: menus.id })
    .returning({ id: menus.id })
  if (inserted.length === 0) return []
  if (total > 0) await renumberMenus(tx)
  await bumpIdSequence(tx, menus)
  return inserted.map((row) => row.id)
}

/** Recomputes every item's nested-set position, keeping the siblings in their current order. */
async function renumberMenus(tx: Tx): Promise<void> {
  const current = await readMenuPositions(tx, { live: false })
  await storeMenuPositions(tx, current, computeNestedSet(current), { touch: false })
}
