import type { TMenuPosition } from '@brokerdesk/shared'
import { asc, isNull, sql } from 'drizzle-orm'
import { computeNestedSet } from '../../db/nested-set'
import { menus } from '../../db/schema/index'
import { notFound } from '../../errors'
import { invalidFields } from '../../resource/field-errors'
import { runWrite } from '../../resource/run-write'
import { lockTree } from '../../resource/tree/nested-set'
import type { ResourceContext } from '../../resource/types'

interface Node {
  id: number
  parent_id: number
  level: number
  left_margin: number
  right_margin: number
}

/**
 * Moves a menu item with its subtree before or after another item, or inside it as its last child
 * (the drag page), and renumbers the whole tree's nested set in the same transaction. An item
 * cannot go into itself or its descendants (422).
 */
export async function moveMenu(ctx: ResourceContext, move: TMenuPosition): Promise<{ moved: true }> {
  return runWrite(ctx, move, async (tx) => {
    await lockTree(tx, menus)
    const nodes: Node[] = await tx
      .select({
        id: menus.id,
        parent_id: menus.parent_id,
        level: menus.level,
        left_margin: menus.left_margin,
        right_margin: menus.right_margin,
      })
      .from(menus)
      .where(isNull(menus.deleted_at))
      .orderBy(asc(menus.left_margin))
    const byId = new Map(nodes.map((node) => [node.id, node]))
    const node = byId.get(move.id)
    const target = byId.get(move.target_id)
    if (!node) throw notFound()
    if (!target)
      throw invalidFields(ctx.language, [{ field: 'target_id', key: 'validations.messages.exists' }])
    if (target.left_margin >= node.left_margin && target.right_margin <= node.right_margin) {
      throw invalidFields(ctx.language, [{ field: 'target_id', key: 'tree.parent_in_subtree' }])
    }

    // Sibling lists in tree order, the moved item taken out and put back at its new place.
    const children = new Map<number, number[]>()
    for (const item of nodes) {
      if (item.id === node.id) continue
      const parent = byId.has(item.parent_id) ? item.parent_id : 0
      children.set(parent, [...(children.get(parent) ?? []), item.id])
    }
    const parentId =
      move.position === 'inside' ? target.id : byId.has(target.parent_id) ? target.parent_id : 0
    const siblings = children.get(parentId) ?? []
    const at =
      move.position === 'inside'
        ? siblings.length
        : siblings.indexOf(target.id) + (move.position === 'after' ? 1 : 0)
    siblings.splice(at, 0, node.id)
    children.set(parentId, siblings)

    const ordered: { id: number; parent_id: number }[] = []
    const visit = (id: number, parent: number) => {
      ordered.push({ id, parent_id: parent })
      for (const child of children.get(id) ?? []) visit(child, id)
    }
    for (const root of children.get(0) ?? []) visit(root, 0)

    const changed = computeNestedSet(ordered).filter((next) => {
      const before = byId.get(next.id) as Node
      return (
        before.parent_id !== next.parent_id ||
        before.level !== next.level ||
        before.left_margin !== next.left_margin ||
        before.right_margin !== next.right_margin
      )
    })
    if (changed.length > 0) {
      const values = sql.join(
        changed.map(
          (c) =>
            sql`(${c.id}::int, ${c.parent_id}::int, ${c.level}::int, ${c.left_margin}::int, ${c.right_margin}::int)`,
        ),
        sql`, `,
      )
      await tx.execute(sql`update ${menus} set parent_id = v.parent_id, level = v.level,
        left_margin = v.left_margin, right_margin = v.right_margin, updated_at = now()
        from (values ${values}) as v(id, parent_id, level, left_margin, right_margin)
        where ${menus.id} = v.id`)
    }
    return { moved: true as const }
  })
}
