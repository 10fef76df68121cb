import type { TMenuPosition } from '@brokerdesk/shared'
import { readMenuPositions, storeMenuPositions } from '../../db/menu-positions'
import { computeNestedSet } from '../../db/nested-set'
import { menus } from '../../db/schema/index'
import { notFound } from '../../errors'
import { invalidFields } from '../../resource/field-errors'
import { runWrite } from '../../resource/run-write'
import { lockTree } from '../../resource/tree/nested-set'
import type { ResourceContext } from '../../resource/types'

/**
 * Moves a menu item with its subtree before or after another item, or inside it as its last child
 * (the drag page), and renumbers the whole tree's nested set in the same transaction. An item
 * cannot go into itself or its descendants (422).
 */
export async function moveMenu(ctx: ResourceContext, move: TMenuPosition): Promise<{ moved: true }> {
  return runWrite(ctx, move, async (tx) => {
    await lockTree(tx, menus)
    const nodes = await readMenuPositions(tx, { live: true })
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

    await storeMenuPositions(tx, nodes, computeNestedSet(ordered), { touch: true })
    return { moved: true as const }
  })
}
