export interface TreeLink {
  id: number
  parent_id: number
}

export interface NestedSetPosition {
  level: number
  left_margin: number
  right_margin: number
}

/**
 * Numbers a forest as a nested set. Siblings keep the order they have in `nodes`; a node whose
 * parent is not in the list is a root. Roots have level 1 and margins start at 1.
 * Returns the nodes in their input order, each with its position.
 */
export function computeNestedSet<T extends TreeLink>(nodes: readonly T[]): (T & NestedSetPosition)[] {
  const ids = new Set<number>()
  for (const node of nodes) {
    if (ids.has(node.id)) throw new Error(`Duplicate tree node id ${node.id}`)
    ids.add(node.id)
  }
  const children = new Map<number, T[]>()
  const roots: T[] = []
  for (const node of nodes) {
    if (!ids.has(node.parent_id)) {
      roots.push(node)
      continue
    }
    const siblings = children.get(node.parent_id) ?? []
    siblings.push(node)
    children.set(node.parent_id, siblings)
  }

  const positions = new Map<number, NestedSetPosition>()
  let margin = 0
  const visit = (node: T, level: number): void => {
    const left_margin = ++margin
    for (const child of children.get(node.id) ?? []) visit(child, level + 1)
    positions.set(node.id, { level, left_margin, right_margin: ++margin })
  }
  for (const root of roots) visit(root, 1)

  if (positions.size !== nodes.length) {
    const unreachable = nodes.filter((node) => !positions.has(node.id)).map((node) => node.id)
    throw new Error(`Tree nodes in a parent cycle: ${unreachable.join(', ')}`)
  }
  return nodes.map((node) => ({ ...node, ...(positions.get(node.id) as NestedSetPosition) }))
}

/**
 * Lists what is wrong with a stored nested set: margins not exactly 1..2n, a node outside its
 * parent or overlapping a sibling, a level that is not its depth (roots are level 1).
 */
export function findNestedSetProblems(nodes: readonly (TreeLink & NestedSetPosition)[]): string[] {
  const problems: string[] = []
  const margins = nodes.flatMap((node) => [node.left_margin, node.right_margin]).sort((a, b) => a - b)
  if (margins.some((margin, index) => margin !== index + 1)) {
    problems.push('margins are not exactly 1..2n')
  }
  const ids = new Set(nodes.map((node) => node.id))
  const stack: (TreeLink & NestedSetPosition)[] = []
  for (const node of [...nodes].sort((a, b) => a.left_margin - b.left_margin)) {
    if (node.left_margin >= node.right_margin) problems.push(`node ${node.id}: left margin not below right`)
    while (stack.length > 0 && stack[stack.length - 1].right_margin < node.left_margin) stack.pop()
    const enclosing = stack[stack.length - 1]
    if (!enclosing) {
      if (ids.has(node.parent_id)) problems.push(`node ${node.id}: outside its parent ${node.parent_id}`)
      if (node.level !== 1) problems.push(`node ${node.id}: root with level ${node.level}`)
    } else {
      if (node.right_margin > enclosing.right_margin) {
        problems.push(`node ${node.id}: overlaps node ${enclosing.id}`)
      }
      if (enclosing.id !== node.parent_id) {
        problems.push(`node ${node.id}: inside node ${enclosing.id}, not its parent ${node.parent_id}`)
      }
      if (node.level !== enclosing.level + 1) {
        problems.push(`node ${node.id}: level ${node.level} under level ${enclosing.level}`)
      }
    }
    stack.push(node)
  }
  return problems
}
