import { asc, count, eq } from 'drizzle-orm'
import type { Tx } from '../client'
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
  const rows = await tx
    .select({
      id: menus.id,
      parent_id: menus.parent_id,
      level: menus.level,
      left_margin: menus.left_margin,
      right_margin: menus.right_margin,
    })
    .from(menus)
    .orderBy(asc(menus.left_margin), asc(menus.id))
  const current = new Map(rows.map((row) => [row.id, row]))
  const positions = computeNestedSet(rows.map(({ id, parent_id }) => ({ id, parent_id })))
  for (const { id, level, left_margin, right_margin } of positions) {
    const before = current.get(id)
    const unchanged =
      before?.level === level && before.left_margin === left_margin && before.right_margin === right_margin
    if (!unchanged) await tx.update(menus).set({ level, left_margin, right_margin }).where(eq(menus.id, id))
  }
}
