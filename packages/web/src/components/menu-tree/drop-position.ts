import type { TMenuPosition } from '@brokerdesk/shared'

/** What antd's Tree tells of a drop, reduced to what decides where the item goes. */
export interface TreeDrop {
  /** The dragged item's id. */
  dragId: number
  /** The item dropped on or beside. */
  node: { id: number; pos: string; expanded: boolean; firstChildId?: number }
  /** antd's `dropPosition`: the index at the drop level (the node's own index -1, 0 or +1). */
  dropPosition: number
  /** false when dropped onto the node itself rather than into the gap before or after it. */
  dropToGap: boolean
}

/**
 * The POST /admin/menus/update-position body of a drop, or null when nothing moves. Onto a node →
 * inside it (as its last child); into the gap above → before it; below → after it, except right
 * below an open node with children, which shows the item as its first child.
 */
export function positionOfDrop(drop: TreeDrop): TMenuPosition | null {
  const { dragId, node } = drop
  if (dragId === node.id) return null
  const index = Number(node.pos.split('-').at(-1))
  const relative = drop.dropPosition - index
  if (!drop.dropToGap) return { id: dragId, target_id: node.id, position: 'inside' }
  if (relative === 1 && node.expanded && node.firstChildId !== undefined) {
    if (node.firstChildId === dragId) return null
    return { id: dragId, target_id: node.firstChildId, position: 'before' }
  }
  return { id: dragId, target_id: node.id, position: relative === -1 ? 'before' : 'after' }
}
