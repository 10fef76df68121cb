import { asc, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from './db-types'
import type { NestedSetPosition, TreeLink } from './nested-set'
import { menus } from './schema/index'

/** A menu item's place in the tree. */
export type MenuPosition = TreeLink & NestedSetPosition

/** Every item's place, in tree order; `live` leaves out the deleted ones. */
export function readMenuPositions(db: Db | Tx, options: { live: boolean }): Promise<MenuPosition[]> {
  return db
    .select({
      id: menus.id,
      parent_id: menus.parent_id,
      level: menus.level,
      left_margin: menus.left_margin,
      right_margin: menus.right_margin,
    })
    .from(menus)
    .where(options.live ? isNull(menus.deleted_at) : undefined)
    .orderBy(asc(menus.left_margin), asc(menus.id))
}

/**
 * Stores the places of `next` that differ from `current` in one UPDATE … FROM VALUES; `touch` also
 * sets their updated_at (an administrator's move, not a seed's renumbering).
 */
export async function storeMenuPositions(
  tx: Tx,
  current: readonly MenuPosition[],
  next: readonly MenuPosition[],
  options: { touch: boolean },
): Promise<void> {
  const before = new Map(current.map((item) => [item.id, item]))
  const changed = next.filter((item) => {
    const was = before.get(item.id)
    return (
      was?.parent_id !== item.parent_id ||
      was.level !== item.level ||
      was.left_margin !== item.left_margin ||
      was.right_margin !== item.right_margin
    )
  })
  if (changed.length === 0) return
  const values = sql.join(
    changed.map(
      (c) =>
        sql`(${c.id}::int, ${c.parent_id}::int, ${c.level}::int, ${c.left_margin}::int, ${c.right_margin}::int)`,
    ),
    sql`, `,
  )
  await tx.execute(sql`update ${menus} set parent_id = v.parent_id, level = v.level,
    left_margin = v.left_margin, right_margin = v.right_margin
    ${options.touch ? sql`, updated_at = now()` : sql``}
    from (values ${values}) as v(id, parent_id, level, left_margin, right_margin)
    where ${menus.id} = v.id`)
}
